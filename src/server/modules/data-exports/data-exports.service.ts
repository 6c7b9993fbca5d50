import type { DataExport } from '../../../shared/schemas/account-data';
import type { AppDeps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { createRateLimiter } from '../../lib/rate-limiter';
import type { UserRow } from '../users';
import { JOB_EXPORT_BUILD } from './data-exports.job';
import { createDataExportsRepository, type DataExportRow } from './data-exports.repository';

/** A few exports a day is plenty; each reads every file the user has (decision 012's limiter). */
export const EXPORTS_PER_DAY = 3;
const DAY = 86_400_000;

export function createDataExportsService(deps: Pick<AppDeps, 'db' | 'queue' | 'config'>) {
  const repo = createDataExportsRepository(deps.db);
  const limiter = createRateLimiter(deps.db);

  function view(row: DataExportRow): DataExport {
    const live = row.status === 'ready' && row.storageKey && row.expiresAt && row.expiresAt > new Date();
    return {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      ...(live
        ? {
            // not a signed (bearer) link: the archive opens only with its owner's session
            // (http/files.ts), so a forwarded or leaked URL downloads nothing
            downloadUrl: `${deps.config.publicUrl}${fileUrl(row.storageKey)}`,
            expiresAt: row.expiresAt!.toISOString(),
            bytes: row.bytes ?? undefined,
          }
        : {}),
      ...(row.status === 'failed' ? { error: 'The export could not be built. Please try again.' } : {}),
    };
  }

  return {
    /** One at a time (409 while one is pending), a few a day (429); built by a durable job. */
    async request(user: UserRow) {
      const pending = await repo.latestOf(user.id);
      if (pending?.status === 'pending') throw conflict('An export is already being prepared.');
      await limiter
        .owned(user.id)
        .enforce(
          `data-export:${user.id}`,
          DAY,
          EXPORTS_PER_DAY,
          'You can ask for a few exports a day. Please try again later.',
        );
      const row = await deps.db.transaction(async (tx) => {
        const created = await createDataExportsRepository(tx).insertPending(user.id);
        if (!created) return null;
        await deps.queue.enqueue(JOB_EXPORT_BUILD, { exportId: created.id }, { tx });
        return created;
      });
      if (!row) throw conflict('An export is already being prepared.');
      deps.queue.kick();
      return view(row);
    },

    /** The owner's export; anyone else's is not found. */
    async get(user: UserRow, id: string) {
      const row = await repo.byId(id);
      if (!row || row.userId !== user.id) throw notFound('Export not found');
      return view(row);
    },

    async latest(user: UserRow) {
      const row = await repo.latestOf(user.id);
      return row ? view(row) : null;
    },
  };
}
