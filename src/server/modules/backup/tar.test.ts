import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTar, tarStream } from './tar';

async function collect(stream: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

const long = `u/${'a'.repeat(36)}/models/${'b'.repeat(36)}/images/${'c'.repeat(36)}.jpg`;
const entries = [
  { name: 'public/styles/anime.webp', data: Buffer.from('preview') },
  { name: long, data: Buffer.alloc(1500, 7) },
  { name: 'u/empty.txt', data: Buffer.alloc(0) },
];

async function* each<T>(items: T[]) {
  yield* items;
}

describe('files archive', () => {
  it('reads back what it wrote, names over 100 characters included, in chunks of any size', async () => {
    const archive = await collect(tarStream(each(entries)));
    expect(archive.length % 512).toBe(0);
    const chunked = (async function* () {
      for (let i = 0; i < archive.length; i += 333) yield archive.subarray(i, i + 333);
    })();
    const back = [];
    for await (const e of readTar(chunked)) back.push(e);
    expect(back).toEqual(entries);
  });

  it('is a plain ustar archive that tar lists and extracts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-tar-'));
    try {
      await writeFile(path.join(dir, 'files.tar'), await collect(tarStream(each(entries))));
      const listed = spawnSync('tar', ['-tf', 'files.tar'], { cwd: dir, encoding: 'utf8' });
      expect(listed.stdout.trim().split('\n')).toEqual(entries.map((e) => e.name));
      expect(spawnSync('tar', ['-xf', 'files.tar'], { cwd: dir }).status).toBe(0);
      expect(await readFile(path.join(dir, long))).toEqual(entries[1]!.data);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged archive, and one cut inside a file', async () => {
    const archive = await collect(tarStream(each(entries)));
    const damaged = Buffer.from(archive);
    damaged[10] = damaged[10]! ^ 0xff;
    await expect(collect(readTar(each([damaged])) as never)).rejects.toThrow(/Invalid tar header/);
    // cut inside a file; a cut between two files leaves files out, which the restore's check against
    // the manifest reports (restore.service.ts)
    await expect(collect(readTar(each([archive.subarray(0, 1024 + 700)])) as never)).rejects.toThrow(
      /Unexpected end/,
    );
  });
});
