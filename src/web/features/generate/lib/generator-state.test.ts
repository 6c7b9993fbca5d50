import { beforeEach, describe, expect, it } from 'vitest';
import {
  clampCount,
  clearOtherUsers,
  defaultForm,
  dimensionsFor,
  normalizeDimension,
  readStored,
  resolveWish,
  SIZE_PRESETS,
  storedSize,
  writeStored,
} from './generator-state';

describe('generator rules (docs/product/spec-part-2.md §5, docs/product/decisions.md §10)', () => {
  it('starts Square with HD on, 1024×1024, 4 images, weight 1, a seed below 1,000,000', () => {
    const f = defaultForm();
    expect(f).toMatchObject({
      width: 1024,
      height: 1024,
      count: 4,
      hdEnabled: true,
      loraStrength: 1,
      useSeed: false,
      modelId: null,
      styleId: null,
    });
    expect(Number(f.seed)).toBeLessThan(1_000_000);
  });

  it('rounds custom sizes to 64 and clamps them to 128–2048', () => {
    expect(normalizeDimension(500)).toBe(512);
    expect(normalizeDimension(31)).toBe(128);
    expect(normalizeDimension(5000)).toBe(2048);
    expect(normalizeDimension(Number.NaN)).toBe(512);
    expect(clampCount(0)).toBe(1);
    expect(clampCount(12)).toBe(10);
  });

  it('maps presets with and without HD, and doubles or halves custom sizes', () => {
    expect(dimensionsFor('1:1', true, { width: 1, height: 1 }, true)).toEqual([1024, 1024]);
    expect(dimensionsFor('9:16', false, { width: 1, height: 1 }, false)).toEqual([576, 1024]);
    expect(dimensionsFor('9:16', true, { width: 1, height: 1 }, true)).toEqual([1152, 2048]);
    expect(dimensionsFor('16:9', true, { width: 1, height: 1 }, true)).toEqual([2048, 1152]);
    expect(dimensionsFor('custom', true, { width: 640, height: 1536 }, true)).toEqual([1280, 2048]);
    // each label names the true ratio of its sizes, normal and HD (issue 45 C5, decision 060)
    const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
    const ratio = ([w, h]: [number, number]) => `${w / gcd(w, h)}:${h / gcd(w, h)}`;
    for (const [key, preset] of Object.entries(SIZE_PRESETS)) {
      expect(ratio(preset.normal)).toBe(key);
      expect(ratio(preset.hd)).toBe(key);
      if (key !== '1:1') expect(preset.label).toContain(key);
    }
    // a size remembered under the old keys keeps its shape
    expect(storedSize('3:4')).toBe('9:16');
    expect(storedSize('4:3')).toBe('16:9');
    expect(storedSize('custom')).toBe('custom');
    expect(storedSize('2:1')).toBe('1:1');
    expect(storedSize(null)).toBe('1:1');
    expect(dimensionsFor('custom', false, { width: 640, height: 192 }, true)).toEqual([320, 128]);
    expect(dimensionsFor('custom', true, { width: 640, height: 192 }, false)).toEqual([640, 192]);
  });
});

describe('per-user storage', () => {
  beforeEach(() => localStorage.clear());
  it('suffixes keys with the user id and drops another user’s data', () => {
    writeStored('generatorFormData', 'alice', { prompt: 'a' });
    writeStored('generatedImages', 'alice', []);
    writeStored('hdEnabled', 'bob', false);
    expect(localStorage.getItem('generatorFormData_alice')).toBe('{"prompt":"a"}');
    clearOtherUsers('bob');
    expect(readStored('generatorFormData', 'alice')).toBeNull();
    expect(localStorage.getItem('generatedImages_alice')).toBeNull();
    expect(readStored('hdEnabled', 'bob')).toBe(false);
  });
});

describe('resolveWish', () => {
  const list = [
    { id: 'a', name: 'Ready', status: 'ready' },
    { id: 'b', name: 'Training', status: 'training' },
    { id: 'c', name: 'Failed', status: 'failed' },
  ];
  it('applies a ready entry even from a list that is being read again', () => {
    expect(resolveWish('a', list, false)).toEqual({ state: 'apply', id: 'a' });
    expect(resolveWish('a', list, true)).toEqual({ state: 'apply', id: 'a' });
    // styles have no status
    expect(resolveWish('s', [{ id: 's', name: 'Anime' }], false)).toEqual({ state: 'apply', id: 's' });
  });
  it('waits for a fresh list before saying not ready, unusable or missing', () => {
    expect(resolveWish('a', undefined, true)).toEqual({ state: 'waiting' });
    expect(resolveWish('b', list, false)).toEqual({ state: 'waiting' });
    expect(resolveWish('c', list, false)).toEqual({ state: 'waiting' });
    expect(resolveWish('z', list, false)).toEqual({ state: 'waiting' });
    expect(resolveWish('b', list, true)).toEqual({
      state: 'not-ready',
      name: 'Training',
      status: 'training',
    });
    expect(resolveWish('c', list, true)).toEqual({ state: 'unusable', name: 'Failed' });
    expect(resolveWish('z', list, true)).toEqual({ state: 'missing' });
  });
});
