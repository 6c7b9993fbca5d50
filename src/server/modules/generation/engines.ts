import type { AppDeps } from '../../deps';
import { createImageEngine } from '../../engines/images/factory';
import { createOfflineImageEngine } from '../../engines/images/offline';
import type { ImageEngine } from '../../engines/images/images';
import { createVisionEngine } from '../../engines/vision/factory';
import type { VisionEngine } from '../../engines/vision/vision';

// One engine pair per running app (keyed by its config), created on first use.
const cache = new WeakMap<AppDeps['config'], { images: ImageEngine; vision: VisionEngine }>();

export function generationEngines(deps: Pick<AppDeps, 'config'>) {
  let e = cache.get(deps.config);
  if (!e) {
    e = { images: createImageEngine(deps.config), vision: createVisionEngine(deps.config) };
    cache.set(deps.config, e);
  }
  return e;
}

/** Tests swap in an engine (e.g. one that fails) for one app. */
export function setGenerationEngines(deps: Pick<AppDeps, 'config'>, engines: Partial<{ images: ImageEngine; vision: VisionEngine }>) {
  cache.set(deps.config, { ...generationEngines(deps), ...engines });
}

/**
 * The engine a generation was priced and recorded with. A model trained and hosted offline exists
 * only as the offline artifact, so it always renders offline, whatever vendor keys are set.
 */
export function imageEngineFor(deps: Pick<AppDeps, 'config'>, name: string) {
  const configured = generationEngines(deps).images;
  if (configured.name === name) return configured;
  return createOfflineImageEngine();
}
