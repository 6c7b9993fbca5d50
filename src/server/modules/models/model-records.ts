import type { DbOrTx } from '../../db/client';
import { createModelsRepository, type ModelPatch } from './models.repository';

// The model record as other modules may read and change it (retention deletes a model's photos).

export const modelById = (db: DbOrTx, id: string) => createModelsRepository(db).byId(id);
/** The model's row locked for the rest of the transaction `tx`, or null. */
export const lockModel = (tx: DbOrTx, id: string) => createModelsRepository(tx).lock(id);
export const updateModel = (tx: DbOrTx, id: string, patch: ModelPatch) =>
  createModelsRepository(tx).update(id, patch);
