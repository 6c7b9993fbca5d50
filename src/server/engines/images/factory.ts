import type { Config } from '../../config';
import type { ImageEngine } from './images';
import { createOfflineImageEngine } from './offline';
import { createRunwareImageEngine } from './runware';

/** Picks the adapter by configuration, the same rule as engineNames() in engines/index.ts. */
export function createImageEngine(config: Config): ImageEngine {
  if (config.runware) return createRunwareImageEngine({ apiKey: config.runware.apiKey, baseUrl: config.runware.baseUrl });
  return createOfflineImageEngine();
}
