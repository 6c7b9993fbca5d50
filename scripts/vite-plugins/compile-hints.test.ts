import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lora-compile-hints-'));
  // two lazy chunks sharing a third: Vite opens the entry with its preload map for them
  const shared = 'export const shared = (n) => Array.from({ length: n }, (_, i) => i * 2);\n';
  await writeFile(path.join(dir, 'shared.js'), shared);
  await writeFile(
    path.join(dir, 'a.js'),
    "import { shared } from './shared.js';\nexport const a = () => shared(2);\n",
  );
  await writeFile(
    path.join(dir, 'b.js'),
    "import { shared } from './shared.js';\nexport const b = () => shared(3);\n",
  );
  await writeFile(
    path.join(dir, 'main.js'),
    "document.body.onclick = async () => console.log((await import('./a.js')).a(), (await import('./b.js')).b());\n",
  );
}, 30_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('compileHints', () => {
  it('opens every chunk of a minified build with the hint, before the preload map Vite adds', async () => {
    const result = (await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHints()],
      build: { write: false, minify: true, rolldownOptions: { input: path.join(dir, 'main.js') } },
    })) as Rolldown.RolldownOutput;
    const chunks = result.output.filter((f) => f.type === 'chunk');
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    // the fixture's entry really starts with Vite's preload map without the plugin's help
    expect(chunks.some((c) => c.code.includes('__vite__mapDeps'))).toBe(true);
    for (const chunk of chunks) expect(chunk.code.split('\n')[0], chunk.fileName).toBe(COMPILE_HINT);
  }, 60_000);
});
