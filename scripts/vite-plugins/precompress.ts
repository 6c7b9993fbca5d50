import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes a .br and a .gz sibling beside every text file of the build. The server sends them
 * (@fastify/static preCompressed) instead of compressing per request: best ratios once at build time,
 * no CPU per download.
 */
export async function precompress(outDir: string): Promise<void> {
  const files = (await readdir(outDir, { recursive: true })).filter((f) =>
    /\.(js|css|html|svg|json|txt)$/.test(f),
  );
  await Promise.all(
    files.map(async (file) => {
      const full = path.join(outDir, file);
      const data = await readFile(full);
      const [gz, br] = await Promise.all([
        gzipAsync(data, { level: 9 }),
        brotliAsync(data, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
      ]);
      // a tiny file can grow when compressed; then the plain file is the better answer
      await Promise.all([
        gz.length < data.length ? writeFile(`${full}.gz`, gz) : undefined,
        br.length < data.length ? writeFile(`${full}.br`, br) : undefined,
      ]);
    }),
  );
}
