import { createRequire } from 'node:module';
import os from 'node:os';
import type SharpModule from 'sharp';

const require = createRequire(import.meta.url);
let loaded: typeof SharpModule | undefined;

/**
 * libvips is ~25 MB resident once loaded, and a web process that takes no upload never needs it, so it
 * loads on the first call instead of at start (issue 27, docs/decisions/041-lean-start.md). The
 * process-wide settings go with the load: its operation cache would keep up to 50 MB of results of
 * inputs that never come back (every upload is a new file), and one libvips thread per core multiplies
 * the decode buffers on a big machine: an upload of 20 × 10 MB must stay in bounded memory (issue 14).
 */
function load(): typeof SharpModule {
  if (!loaded) {
    loaded = require('sharp') as typeof SharpModule;
    loaded.cache(false);
    loaded.concurrency(Math.min(4, Math.max(1, os.availableParallelism())));
  }
  return loaded;
}

/** `sharp` itself, callable and with its statics (`sharp.strategy`, …), loaded on first use. */
export const sharp = new Proxy(function lazySharp() {} as unknown as typeof SharpModule, {
  apply: (_target, _this, args: Parameters<typeof SharpModule>) => load()(...args),
  get: (_target, prop) => Reflect.get(load(), prop),
});

/** True once something has called sharp (tests of the lazy start read it). */
export const sharpLoaded = () => loaded !== undefined;
