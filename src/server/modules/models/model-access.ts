import { forbidden, notFound } from '../../lib/errors';
import type { UserRow } from '../users';
import type { ModelRow } from './models.repository';

export type ModelActor = Pick<UserRow, 'id' | 'isAdmin'>;

/**
 * Who may do what with a model, decided here only (docs/product/decisions.md §1 and §6):
 * - `read`: the owner or an admin; anyone else finds no such model (404), so ids do not leak.
 * - `owner`: as `read`, but an admin who may see the model is refused the change (403).
 * - `use`: the owner only (generating with a personal model); for anyone else it does not exist (404).
 */
export function accessModel(
  model: ModelRow | null | undefined,
  actor: ModelActor,
  need: 'read' | 'owner' | 'use' = 'read',
  refusal = 'Only the owner of this model can change it.',
): ModelRow {
  const owns = model?.userId === actor.id;
  if (!model || (!owns && (need === 'use' || !actor.isAdmin))) throw notFound('Model not found');
  if (!owns && need === 'owner') throw forbidden(refusal);
  return model;
}
