import type { AppDeps } from '../../deps';
import { createBaseModelsRepository, toPublicBaseModel } from './base-models.repository';

export function createBaseModelsService(deps: Pick<AppDeps, 'db'>) {
  const repo = createBaseModelsRepository(deps.db);
  return {
    /** The generator's choices: active base models in catalogue order. */
    async listActive() {
      return (await repo.listActive()).map(toPublicBaseModel);
    },
  };
}
