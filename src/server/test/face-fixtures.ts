import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/fixtures/faces');

/** The licensed face fixtures (tests/fixtures/README.md), by name without extension. */
export const FACE_FIXTURES = [
  'person-a-1',
  'person-a-2',
  'person-a-3',
  'person-a-4',
  'different-person',
  'no-face',
  'group',
  'tiny-face',
  'blurred',
  'too-dark',
  'too-bright',
] as const;
export type FaceFixture = (typeof FACE_FIXTURES)[number];

export function faceFixture(name: FaceFixture): Buffer {
  return readFileSync(path.join(dir, `${name}.jpg`));
}
