import { describe, expect, it } from 'vitest';
import { baseForPersonalModel, compatibleBases } from './compatible-bases';

const bases = [
  { id: 'dev', architecture: 'flux1d', isDefault: true },
  { id: 'schnell', architecture: 'flux1s' },
  { id: 'xl', architecture: 'sdxl' },
];

describe('compatible bases for a personal model', () => {
  it('offers only FLUX bases with a personal model, every base without one', () => {
    expect(compatibleBases(bases, true).map((b) => b.id)).toEqual(['dev', 'schnell']);
    expect(compatibleBases(bases, false).map((b) => b.id)).toEqual(['dev', 'schnell', 'xl']);
  });
  it('keeps a fitting base and replaces an SDXL one with the default FLUX base', () => {
    expect(baseForPersonalModel(bases, 'schnell')).toBe('schnell');
    expect(baseForPersonalModel(bases, 'xl')).toBe('dev');
    expect(baseForPersonalModel([bases[2]], 'xl')).toBeUndefined();
  });
  it('keeps a base whose architecture is not named (the server decides)', () => {
    expect(compatibleBases([{ id: 'old' }, bases[2]], true).map((b) => b.id)).toEqual(['old']);
  });
});
