import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine, type FaceReport } from '../../engines/vision/faces';
import { FACE_FIXTURES, faceFixture, type FaceFixture } from '../../test/face-fixtures';
import { until } from '../../test/until';
import { CHECK_THRESHOLDS, distancesToMedian, mainFace, photoProblems, verdictOf } from './photo-checks';

// The real offline engine on the licensed fixtures (tests/fixtures/README.md): pins each threshold
// of decision 020 to pictures that sit on either side of it.
const engine = createFaceEngine({ idleUnloadMs: 60_000 });
const reports = new Map<FaceFixture, FaceReport>();

beforeAll(async () => {
  for (const name of FACE_FIXTURES) reports.set(name, await engine.analyzeFaces(faceFixture(name)));
}, 180_000);
afterAll(() => engine.unload());

const report = (name: FaceFixture) => reports.get(name)!;

describe('photo checks on the fixtures', () => {
  it('passes clear photos of one person, in colour, mirrored, cropped and grey', () => {
    for (const name of ['person-a-1', 'person-a-2', 'person-a-3', 'person-a-4'] as const) {
      expect(photoProblems(report(name)), name).toEqual([]);
      const face = mainFace(report(name))!;
      expect(face.descriptor).toHaveLength(128);
      expect(face.landmarks).toHaveLength(68);
      expect(face.sizeRatio).toBeGreaterThanOrEqual(CHECK_THRESHOLDS.minFaceShare);
      expect(face.sharpness).toBeGreaterThan(CHECK_THRESHOLDS.minSharpness * 2);
      // a frontal portrait
      expect(Math.abs(face.pose.yaw)).toBeLessThan(20);
    }
  });

  it('finds no face in a cup of coffee', () => {
    expect(report('no-face').faces).toHaveLength(0);
    expect(photoProblems(report('no-face'))).toEqual(['no_face']);
  });

  it('says several people for two faces side by side', () => {
    expect(report('group').faces.length).toBe(2);
    expect(photoProblems(report('group'))[0]).toBe('several_people');
    expect(mainFace(report('group'))).toBeNull();
  });

  it('says the face is too small when it is a few percent of the frame', () => {
    const face = report('tiny-face').faces[0];
    expect(face.sizeRatio).toBeLessThan(CHECK_THRESHOLDS.minFaceShare);
    expect(photoProblems(report('tiny-face'))).toEqual(['face_too_small']);
  });

  it('says blurry for a soft face, and only then', () => {
    const face = report('blurred').faces[0];
    expect(face.sharpness).toBeLessThan(CHECK_THRESHOLDS.minSharpness);
    expect(photoProblems(report('blurred'))).toEqual(['blurry']);
  });

  it('says too dark and too bright from the face exposure', () => {
    expect(photoProblems(report('too-dark'))).toEqual(['too_dark']);
    expect(photoProblems(report('too-bright'))).toEqual(['too_bright']);
  });

  it('flags the different person against the median face, and nobody else', () => {
    const set = ['person-a-1', 'person-a-2', 'person-a-3', 'different-person', 'too-dark'] as const;
    const distances = distancesToMedian(
      set.map((name) => ({
        id: name,
        descriptor: mainFace(report(name))?.descriptor ?? null,
        clean: photoProblems(report(name)).length === 0,
      })),
    );
    for (const name of set) {
      const verdict = verdictOf(photoProblems(report(name)), distances.get(name)!);
      if (name === 'different-person') expect(verdict).toEqual(['different_person']);
      else expect(verdict, name).not.toContain('different_person');
    }
    expect(distances.get('different-person')!).toBeGreaterThan(CHECK_THRESHOLDS.differentPersonDistance);
    expect(distances.get('person-a-2')!).toBeLessThan(0.45);
  });

  it('trusts no median with fewer than three clean single-face photos', () => {
    const d = distancesToMedian([
      { id: 'a', descriptor: mainFace(report('person-a-1'))!.descriptor, clean: true },
      { id: 'b', descriptor: mainFace(report('different-person'))!.descriptor, clean: true },
    ]);
    expect([...d.values()]).toEqual([null, null]);
  });
});

describe('face engine', () => {
  it('describes any image by its largest face, or null without a face', async () => {
    const d = await engine.describe(faceFixture('person-a-3'));
    expect(d).toHaveLength(128);
    expect(await engine.describe(faceFixture('no-face'))).toBeNull();
  });

  it('ends its worker thread after the idle period and starts again on the next photo', async () => {
    const quick = createFaceEngine({ idleUnloadMs: 50 });
    try {
      await quick.analyzeFaces(faceFixture('no-face'));
      expect(quick.loaded()).toBe(true);
      await until(() => !quick.loaded(), 'the idle worker thread to end', 5_000);
      expect((await quick.analyzeFaces(faceFixture('person-a-1'))).faces).toHaveLength(1);
    } finally {
      await quick.unload();
    }
  }, 60_000);

  it('refuses what is not an image without killing the worker', async () => {
    await expect(engine.analyzeFaces(Buffer.from('not an image'))).rejects.toThrow(/Face analysis failed/);
    expect((await engine.analyzeFaces(faceFixture('person-a-1'))).faces).toHaveLength(1);
  });
});
