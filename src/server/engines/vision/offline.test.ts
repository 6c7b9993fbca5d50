import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe as group, expect, it } from 'vitest';
import { analyzeImageResponseSchema } from '../../../shared/schemas/generation';
import { createFaceEngine } from './faces';
import { ageRange, createOfflineVisionEngine, framingFromFace } from './offline';

const fixture = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/faces', name));
const faces = createFaceEngine({ idleUnloadMs: 60_000 });
const vision = createOfflineVisionEngine();
afterAll(() => faces.unload());

group('offline image-to-prompt', () => {
  it('bands ages and reads framing from the face size', () => {
    expect(ageRange([])).toBeNull();
    expect(ageRange([31])).toBe('25–35');
    expect(ageRange([22, 47])).toBe('15–50');
    expect(framingFromFace(0.5)).toBe('close-up');
    expect(framingFromFace(0.2)).toBe('half-body shot');
    expect(framingFromFace(0.05)).toBe('full-body shot');
  });

  it('says how many people, their age, expression, framing, lighting and colours (real face analysis)', async () => {
    const one = await vision.analyze(fixture('person-a-1.jpg'), { faces });
    const a = one.structuredAnalysis;
    expect(a.people?.count).toBe(1);
    expect(a.people?.ageRange).toMatch(/^\d+–\d+$/);
    expect(a.people?.expression).toBeTruthy();
    expect(['close-up', 'half-body shot']).toContain(a.subject.framing);
    expect(a.lighting).toBeTruthy();
    expect(one.formattedPrompt).toContain(
      `${a.subject.framing} of a ${a.people!.expression} person aged about`,
    );
    expect(one.formattedPrompt).toContain('colour palette');
    expect(one.formattedPrompt).toContain(a.lighting!);
    // the response schema keeps the new fields (Fastify strips what it does not list)
    const parsed = analyzeImageResponseSchema.parse({ success: true, ...one });
    expect(parsed.structuredAnalysis.people).toEqual(a.people);
    expect(JSON.stringify(one)).not.toMatch(/descriptor/);

    const groupShot = await vision.analyze(fixture('group.jpg'), { faces });
    expect(groupShot.structuredAnalysis.people!.count).toBeGreaterThanOrEqual(2);
    expect(groupShot.formattedPrompt).toMatch(/\b(two|three|four|five|\d+) people\b/);

    const none = await vision.analyze(fixture('no-face.jpg'), { faces });
    expect(none.structuredAnalysis.people).toEqual({ count: 0, ageRange: null, expression: null });
    expect(none.formattedPrompt).toContain('no people');
  }, 120_000);

  it('answers from the pixels alone when face analysis is not there or fails', async () => {
    const failing = {
      ...faces,
      analyzeFaces: async () => {
        throw new Error('off');
      },
    };
    for (const out of [
      await vision.analyze(fixture('person-a-2.jpg')),
      await vision.analyze(fixture('person-a-2.jpg'), { faces: failing }),
    ]) {
      expect(out.structuredAnalysis.people).toBeUndefined();
      expect(out.structuredAnalysis.lighting).toBeTruthy();
      expect(out.formattedPrompt).toContain('of a person');
    }
  });
});
