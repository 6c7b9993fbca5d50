import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { longestFirst, readTimings } from './timed-sequencer';

describe('the measured order of test files', () => {
  it('puts the longest first, and a file measured nowhere before all of them', () => {
    const files: [string, number | undefined][] = [
      ['short', 2],
      ['new', undefined],
      ['long', 113],
      ['middle', 18.8],
    ];
    expect(files.sort((a, b) => longestFirst(a[1], b[1])).map(([name]) => name)).toEqual([
      'new',
      'long',
      'middle',
      'short',
    ]);
  });

  it('reads the committed timings, and none when the file is missing or unreadable', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-timings-'));
    try {
      const file = path.join(dir, 'timings.json');
      await writeFile(file, JSON.stringify({ 'e2e:tests/e2e/models.test.ts': 113 }));
      expect(readTimings(file)).toEqual({ 'e2e:tests/e2e/models.test.ts': 113 });
      await writeFile(file, '{ not json');
      expect(readTimings(file)).toEqual({});
      expect(readTimings(path.join(dir, 'absent.json'))).toEqual({});
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
