import type { TokenPackageInput, TokenPackageUpdate } from '../../../shared/schemas/tokens';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { createAudited, recordAdminChange, type AdminActor } from '../audit';
import { createPackagesRepository, type PackageRow } from './packages.repository';
import { toTokenPackage } from './token-views';

/** The fields an admin edits, as the audit log compares them. */
const audited = (p: PackageRow): Record<string, unknown> => ({
  name: p.name,
  tokenAmount: p.tokenAmount,
  priceInCents: p.priceInCents,
  isDiscounted: p.isDiscounted,
  isActive: p.isActive,
});

export function createPackagesService(db: Db) {
  const repo = createPackagesRepository(db);

  /** One edit and its audit entry (only what changed) in one transaction. */
  async function change(
    admin: AdminActor,
    id: string,
    action: 'package.update' | 'package.delete',
    values: Partial<PackageRow>,
  ) {
    return db.transaction(async (tx) => {
      const txRepo = createPackagesRepository(tx);
      const before = await txRepo.byId(id);
      if (!before) throw notFound('Token package not found');
      const row = (await txRepo.update(id, values))!;
      const entity = { type: 'token_package' as const, id };
      await recordAdminChange(tx, { admin, action, entity }, audited(before), audited(row));
      return row;
    });
  }

  return {
    async listActive() {
      return (await repo.listActive()).map(toTokenPackage);
    },
    async listAll() {
      return (await repo.listAll()).map(toTokenPackage);
    },
    async create(admin: AdminActor, input: TokenPackageInput) {
      const row = await createAudited(
        db,
        { admin, action: 'package.create', type: 'token_package' },
        async (tx) => {
          const txRepo = createPackagesRepository(tx);
          return txRepo.insert({
            ...input,
            name: input.name.trim(),
            sortOrder: await txRepo.nextSortOrder(),
          });
        },
        audited,
      );
      return toTokenPackage(row);
    },
    async update(admin: AdminActor, id: string, input: TokenPackageUpdate) {
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      return toTokenPackage(await change(admin, id, 'package.update', values));
    },
    /** Soft delete: past payments keep pointing at their package; buyers no longer see it. */
    async remove(admin: AdminActor, id: string) {
      return toTokenPackage(await change(admin, id, 'package.delete', { isActive: false }));
    },
  };
}

/** A token package by id (a purchase names it), or null. */
export const packageById = (db: DbOrTx, id: string) => createPackagesRepository(db).byId(id);
