import type { Config } from '../../config';
import { createOfflineVisionEngine } from './offline';
import { createRunwareVisionEngine } from './runware';
import type { VisionEngine } from './vision';

/** Picks the adapter by configuration, the same rule as engineNames() in engines/index.ts. */
export function createVisionEngine(config: Config): VisionEngine {
  if (config.runware) return createRunwareVisionEngine({ apiKey: config.runware.apiKey, baseUrl: config.runware.baseUrl, timeoutMs: 60_000 });
  return createOfflineVisionEngine();
}
