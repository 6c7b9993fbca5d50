import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { EngineError } from '../../engines/engine-error';
import type { VendorRemoval } from '../../engines/training/training';
import { deleteFilesUnder } from '../../jobs/storage-cleanup';
import { userPrefix } from '../../storage/keys';
import { settleGeneration } from '../generation';
import { createTrainingService } from '../models';
import { createAccountDeletionRepository } from './account-deletion.repository';

export const JOB_ACCOUNT_DELETE = 'account.delete';
export const JOB_FAREWELL_MAIL = 'account.farewell-mail';
export const CANCELLED_BY_DELETION = 'Cancelled: the account was deleted';

const deletePayload = z.object({ userId: z.uuid() });
const farewellPayload = z.object({ to: z.string().min(3).max(320), username: z.string().min(1).max(100) });

export const accountDeletionKey = (userId: string) => `account-delete:${userId}`;

/**
 * The deletion of an account, after the request ended its sessions. Every step is idempotent and
 * leaves its progress in the database or storage, so a worker killed anywhere is replaced by one that
 * finishes the rest (account-deletion.crash.test.ts):
 *
 * 1. work in flight is stopped without a charge: unfinished generations are settled (undelivered
 *    images refunded, generation.job.ts), models in training are cancelled and refunded at the vendor
 *    and in the ledger (training.service.ts `delete`);
 * 2. the vendors' copies are removed (engine `removeCopies` / `removeModel`); a removed Replicate
 *    version is forgotten on the model so a restart does not ask again;
 * 3. every stored object under `u/<userId>/` is deleted, one key at a time;
 * 4. one transaction swaps the user for a tombstone that keeps the anonymised ledger and purchases,
 *    deletes the user row (its cascades take every other row), and enqueues the farewell mail and a
 *    last storage sweep for a file a job still running may write.
 *
 * A restart after step 4 finds no user and only sweeps storage again.
 */
export function defineAccountDeletionJobs(deps: AppDeps) {
  deps.queue.define({
    name: JOB_ACCOUNT_DELETE,
    schema: deletePayload,
    maxAttempts: 50,
    backoffMs: (attempt) => Math.min(10 * 60_000, 5000 * 2 ** (attempt - 1)),
    handler: async ({ userId }) => {
      const repo = createAccountDeletionRepository(deps.db);
      const user = await repo.byId(userId);
      if (!user) {
        await deleteStoredObjects(deps, userId);
        return { kind: 'done', result: { alreadyDeleted: true } };
      }
      if (!user.deletedAt) return { kind: 'done', result: { notRequested: true } };

      for (const generationId of await repo.unfinishedGenerations(userId))
        await settleGeneration(deps, generationId, CANCELLED_BY_DELETION);

      const removals: VendorRemoval[] = [];
      const training = createTrainingService(deps);
      for (const model of await repo.modelsOf(userId)) {
        removals.push(...(await removeVendorCopies(deps, model)));
        await repo.forgetTrainingVersion(model.id);
        // cancels a training at the vendor and refunds it (idempotency key per attempt), deletes the row
        await training.delete({ id: userId, isAdmin: true }, model.id);
      }

      const objects = await deleteStoredObjects(deps, userId);

      const tombstoneId = await deps.db.transaction(async (tx) => {
        const r = createAccountDeletionRepository(tx);
        const locked = await r.lockUser(userId);
        if (!locked) return null;
        const id = await r.replaceWithTombstone(locked);
        await deps.queue.enqueue(JOB_FAREWELL_MAIL, { to: locked.email, username: locked.username }, { tx });
        await deleteFilesUnder(deps.queue, tx, userPrefix(userId), { sweepAgain: true });
        return id;
      });
      deps.queue.kick();
      return {
        kind: 'done',
        result: {
          tombstoneId,
          objects,
          vendors: removals.filter((r) => r.removed.length || r.notOffered),
        },
      };
    },
  });

  deps.queue.define({
    name: JOB_FAREWELL_MAIL,
    schema: farewellPayload,
    maxAttempts: 20,
    handler: async ({ to, username }) => {
      await deps.mailer.send(farewellMail(to, username));
    },
  });
}

type ModelRow = Awaited<ReturnType<ReturnType<typeof createAccountDeletionRepository>['modelsOf']>>[number];

/** A vendor that is down is retried (the job backs off); one that refuses for good is recorded and skipped. */
async function removeVendorCopies(deps: AppDeps, model: ModelRow) {
  const out: VendorRemoval[] = [];
  const attempt = async (vendor: string, call: () => Promise<VendorRemoval>) => {
    try {
      out.push(await call());
    } catch (err) {
      if (err instanceof EngineError && !err.retryable) {
        deps.log.warn({ err, modelId: model.id }, 'a vendor refused to remove a deleted account’s copy');
        out.push({ vendor, removed: [], notOffered: err.message });
        return;
      }
      throw err;
    }
  };
  if (model.trainingVersion) {
    const trainer = deps.engines.trainerFor(model.trainingProvider);
    await attempt(trainer.name, () =>
      trainer.removeCopies({ replicateModelId: model.replicateModelId, version: model.trainingVersion }),
    );
  }
  if (model.runwareAirName || model.hostingProvider === 'comfyui') {
    const host = deps.engines.hostFor(model);
    await attempt(host.name, () => host.removeModel({ air: model.runwareAirName, modelId: model.id }));
  }
  return out;
}

/** One key at a time, so a worker killed midway leaves exactly the keys not yet deleted. */
async function deleteStoredObjects(deps: AppDeps, userId: string) {
  const keys = await deps.storage.list(userPrefix(userId));
  for (const key of keys) await deps.storage.delete(key);
  return keys.length;
}

export function farewellMail(to: string, username: string) {
  const text = [
    `Hi ${username},`,
    '',
    'Your LoRA Studio account has been deleted, as you asked. Your photos, trained models, generated',
    'images, face data, exports, support tickets, sessions and API keys are gone, from our servers and from the',
    'AI vendors that offer a way to remove them.',
    '',
    'What the law makes us keep for accounting — your purchases and token history — is kept without',
    'your name or e-mail address, under an anonymous id.',
    '',
    'This is the last message we send to this address.',
  ].join('\n');
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = text
    .split('\n\n')
    .map((p) => `<p>${esc(p).replace(/\n/g, ' ')}</p>`)
    .join('');
  return { to, subject: 'Your LoRA Studio account has been deleted', text, html };
}
