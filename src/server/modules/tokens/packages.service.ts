import type { TokenPackageInput, TokenPackageUpdate } from '../../../shared/schemas/tokens';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { createPackagesRepository } from './packages.repository';
import { toTokenPackage } from './token-views';

export function createPackagesService(db: Db) {
  const repo = createPackagesRepository(db);
  return {
    async listActive() {
      return (await repo.listActive()).map(toTokenPackage);
    },
    async listAll() {
      return (await repo.listAll()).map(toTokenPackage);
    },
    async create(input: TokenPackageInput) {
      const row = await repo.insert({
        ...input,
        name: input.name.trim(),
        sortOrder: await repo.nextSortOrder(),
      });
      return toTokenPackage(row);
    },
    async update(id: string, input: TokenPackageUpdate) {
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const row = await repo.update(id, values);
      if (!row) throw notFound('Token package not found');
      return toTokenPackage(row);
    },
    /** Soft delete: past payments keep pointing at their package; buyers no longer see it. */
    async remove(id: string) {
      const row = await repo.update(id, { isActive: false });
      if (!row) throw notFound('Token package not found');
      return toTokenPackage(row);
    },
  };
}
