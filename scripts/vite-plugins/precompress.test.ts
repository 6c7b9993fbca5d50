import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './precompress';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lora-precompress-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes .br and .gz beside text files, in subfolders too, and leaves other files alone', async () => {
    const js = 'export const greeting = "hello";\n'.repeat(50);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'main.js'), js);
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(2000, 1));
    await writeFile(path.join(dir, 'tiny.txt'), 'a');
    await precompress(dir);
    const base = path.join(dir, 'assets', 'main.js');
    expect(brotliDecompressSync(await readFile(`${base}.br`)).toString()).toBe(js);
    expect(gunzipSync(await readFile(`${base}.gz`)).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'photo.png.br'))).toBe(false);
    // compressed, a one-byte file would grow: it is sent as it is
    expect(existsSync(path.join(dir, 'tiny.txt.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'tiny.txt.gz'))).toBe(false);
  });
});
