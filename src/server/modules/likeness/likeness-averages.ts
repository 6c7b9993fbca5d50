import type { DbOrTx } from '../../db/client';
import { createLikenessRepository } from './likeness.repository';

/** Per model: the average likeness of its scored images and how many were scored (admin's model list). */
export const likenessAverages = (db: DbOrTx, modelIds: string[]) =>
  createLikenessRepository(db).averages(modelIds);
