import { z } from 'zod';
import { defineChain, startChain } from '../../jobs/chain';
import { formatUtcMoment } from '../../../shared/intl';
import type { AppDeps } from '../../deps';
import { dataExportKey } from '../../storage/keys';
import { createDataExportsRepository } from './data-exports.repository';
import { writeExportArchive } from './export-archive';
import { notify } from '../notifications';

export const JOB_EXPORT_BUILD = 'exports.build';
export const JOB_EXPORT_READY_MAIL = 'exports.ready-mail';
export const JOB_EXPORT_EXPIRE = 'exports.expire';

const HOUR = 3_600_000;
const byId = z.object({ exportId: z.uuid() });

/**
 * The export's durable jobs. `exports.build` writes the archive and marks it ready in one step; a
 * worker killed midway leaves the export pending (and at most a temp file or an unfinished multipart
 * upload, never a half archive under the real key), and the next worker builds it again from the
 * start to the same key. Marking it ready tells the owner (modules/notifications: in the app, and by mail unless they turned
 * that off) in the same transaction. `exports.ready-mail` only drains mails enqueued before that.
 * `exports.expire` runs every hour (one chain per database, like maintenance) and deletes archives
 * past their link's life, file first, then row.
 */
export function defineDataExportJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_EXPORT_BUILD,
    schema: byId,
    maxAttempts: 5,
    // a large archive takes a while; the heartbeat keeps the lease while it is written
    leaseMs: 5 * 60_000,
    backoffMs: (attempt) => Math.min(10 * 60_000, 10_000 * 2 ** (attempt - 1)),
    handler: async ({ exportId }) => {
      const repo = createDataExportsRepository(deps.db);
      const row = await repo.byId(exportId);
      if (!row || row.status !== 'pending') return { kind: 'done' };
      const key = dataExportKey(row.userId, row.id);
      const bytes = await writeExportArchive(deps, row.userId, key);
      const expiresAt = new Date(Date.now() + deps.config.privacy.exportLinkHours * HOUR);
      const ready = await deps.db.transaction(async (tx) => {
        const marked = await createDataExportsRepository(tx).markReady(exportId, {
          storageKey: key,
          bytes,
          expiresAt,
        });
        if (marked) {
          await notify(deps, tx, {
            userId: row.userId,
            kind: 'data_export_ready',
            subjectKey: `export:${exportId}:ready`,
            title: 'Your LoRA Studio data export is ready',
            // the moment goes in `expiresAt`: the page writes it in the reader's locale and zone, the
            // notice's mail in UTC (notification-mail.ts)
            body: 'The copy of your LoRA Studio data you asked for is ready. Download it from Settings → Privacy before its link expires. After that it is deleted; you can ask for a new one at any time.',
            link: '/settings?tab=privacy',
            expiresAt,
          });
        }
        return marked;
      });
      // the account went while the archive was written: nothing may stay behind
      if (!ready) await deps.storage.delete(key);
      deps.queue.kick();
      return { kind: 'done', result: { bytes } };
    },
    onFailed: async ({ exportId }, error) => {
      await createDataExportsRepository(deps.db).markFailed(exportId, error);
    },
  });

  deps.queue.define({
    name: JOB_EXPORT_READY_MAIL,
    schema: byId,
    maxAttempts: 20,
    handler: async ({ exportId }) => {
      const repo = createDataExportsRepository(deps.db);
      const row = await repo.byId(exportId);
      if (!row || row.status !== 'ready' || !row.expiresAt) return;
      const user = await repo.user(row.userId);
      if (!user || user.deletedAt) return;
      const link = `${deps.config.publicUrl}/settings?tab=privacy`;
      const until = formatUtcMoment(row.expiresAt);
      const text = `Hi ${user.username},\n\nThe copy of your LoRA Studio data you asked for is ready. Download it from Settings → Privacy until ${until}: ${link}\n\nAfter that it is deleted; you can ask for a new one at any time.`;
      const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      await deps.mailer.send({
        to: user.email,
        subject: 'Your LoRA Studio data export is ready',
        text,
        html: `<p>Hi ${esc(user.username)},</p><p>The copy of your LoRA Studio data you asked for is ready. <a href="${esc(link)}">Download it from Settings → Privacy</a> until ${esc(until)}.</p><p>After that it is deleted; you can ask for a new one at any time.</p>`,
      });
    },
  });

  defineChain(deps.queue, {
    name: JOB_EXPORT_EXPIRE,
    run: async (ctx) => {
      await expireExports(deps);
      return ctx.retryIn(HOUR);
    },
  });
}

/** Deletes every export past its life (file, then row); returns how many. */
export async function expireExports(deps: Pick<AppDeps, 'db' | 'storage'>, now = new Date()) {
  const repo = createDataExportsRepository(deps.db);
  let total = 0;
  for (;;) {
    const batch = await repo.expired(now, 100);
    for (const row of batch) {
      if (row.storageKey) await deps.storage.delete(row.storageKey);
      await repo.delete(row.id);
    }
    total += batch.length;
    if (batch.length < 100) return total;
  }
}

export async function scheduleExportExpiry(deps: AppDeps) {
  await startChain(deps.queue, JOB_EXPORT_EXPIRE, 60_000);
}
