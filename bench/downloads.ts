import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { MAX_ZIP_IMAGES } from '../src/shared/constants';
import { generatedImages } from '../src/server/db/schema/index';
import { generatedImageKeys } from '../src/server/storage/keys';
import { catalog } from '../src/server/test/generation-helpers';
import { createHarness } from '../src/server/test/harness';

/** Incompressible stand-ins for images (what a zip of JPEGs is like): 256 KiB each. */
const IMAGE_BYTES = 256 * 1024;
const MiB = 2 ** 20;

/**
 * Issue 25: the zip download's throughput and the server process's peak memory while it streams a
 * zip of the most images one may hold (500 × 256 KiB = 125 MiB), beside the plain one-image download
 * (sequential full-resolution downloads) — in-process server on the embedded database, local disk.
 */
export async function run(): Promise<Record<string, number | string>> {
  const h = await createHarness({ LOG_LEVEL: 'silent' }, { startQueue: false });
  try {
    const cat = await catalog(h.deps);
    const c = h.client();
    const u = await c.register();
    const ids: string[] = [];
    const rows = [];
    for (let i = 0; i < MAX_ZIP_IMAGES; i++) {
      const id = randomUUID();
      const keys = generatedImageKeys(u.id, id);
      await h.deps.storage.put(keys.original, randomBytes(IMAGE_BYTES), 'image/jpeg');
      ids.push(id);
      rows.push({
        id,
        userId: u.id,
        baseModelId: cat.dev.id,
        prompt: `bench picture ${i}`,
        width: 1024,
        height: 1024,
        storageKey: keys.original,
        createdAt: new Date(Date.now() - (MAX_ZIP_IMAGES - i) * 1000),
      });
    }
    for (let i = 0; i < rows.length; i += 100)
      await h.deps.db.insert(generatedImages).values(rows.slice(i, i + 100));
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const headers = { cookie: c.cookie! };

    // one image at a time, 200 of them
    const DOWNLOADS = 200;
    let single = 0;
    const t0 = performance.now();
    for (let i = 0; i < DOWNLOADS; i++) {
      const res = await fetch(`${base}/api/generated-images/${ids[i]}/download`, { headers });
      single += (await res.arrayBuffer()).byteLength;
    }
    const singleMs = performance.now() - t0;

    // the zip of 500, read as it streams, with the process's memory sampled every 5 ms
    global.gc?.();
    const start = process.memoryUsage();
    let peakRss = 0;
    let peakHeap = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss - start.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers - (start.heapUsed + start.arrayBuffers));
    };
    const timer = setInterval(sample, 5);
    const t1 = performance.now();
    const res = await fetch(`${base}/api/generated-images/zip`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    let zipBytes = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!firstByteMs) firstByteMs = performance.now() - t1;
      zipBytes += chunk.length;
    }
    const zipMs = performance.now() - t1;
    clearInterval(timer);
    sample();
    if (res.status !== 200) throw new Error(`zip answered ${res.status}`);

    return {
      'single image MiB/s': Number((single / MiB / (singleMs / 1000)).toFixed(1)),
      'single image downloads/s': Math.round(DOWNLOADS / (singleMs / 1000)),
      [`zip of ${MAX_ZIP_IMAGES} MiB`]: Number((zipBytes / MiB).toFixed(1)),
      'zip MiB/s': Number((zipBytes / MiB / (zipMs / 1000)).toFixed(1)),
      'zip first byte ms': Math.round(firstByteMs),
      'zip total ms': Math.round(zipMs),
      'zip peak heap+buffers growth MiB': Number((peakHeap / MiB).toFixed(1)),
      'zip peak RSS growth MiB': Number((peakRss / MiB).toFixed(1)),
    };
  } finally {
    h.app.server.closeAllConnections();
    await h.close();
  }
}
