import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** `project:path` → seconds, measured by `node scripts/record-test-timings.mjs` after a full run. */
export type Timings = Record<string, number>;

export function readTimings(file = path.join(import.meta.dirname, 'timings.json')): Timings {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Timings;
  } catch {
    return {};
  }
}

/** Longest first; a file measured nowhere (a new one) first of all, as vitest does with unknown files. */
export function longestFirst(a: number | undefined, b: number | undefined): number {
  const wa = a ?? Infinity;
  const wb = b ?? Infinity;
  return wa === wb ? 0 : wb > wa ? 1 : -1;
}

/**
 * The files of a lane run side by side, the longest first, so that no long file starts last and runs
 * alone at the lane's end (docs/decisions/030-test-speed.md). On a fresh clone vitest has no record of
 * earlier runs and orders by file size, which said little here: a 166-line browser spec that waits on
 * two trainings took 133 s, and the crash spec started last. A file's time is this machine's last run
 * (vitest's cache) when there is one, else the committed measurement (timings.json).
 */
export class TimedSequencer extends BaseSequencer {
  private readonly timings = readTimings();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => {
      const key = `${f.project.name}:${path.relative(root, f.moduleId).split(path.sep).join('/')}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      return cached !== undefined ? cached / 1000 : this.timings[key];
    };
    // vitest's own grouping is kept: projects one after another, isolated files first
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? 0 : a.project.name < b.project.name ? -1 : 1) ||
        Number(!a.project.config.isolate) - Number(!b.project.config.isolate) ||
        longestFirst(seconds(a), seconds(b)),
    );
  }
}
