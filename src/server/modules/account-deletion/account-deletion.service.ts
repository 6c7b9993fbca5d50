import type { AppDeps } from '../../deps';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { revokeUserApiKeys } from '../api-keys';
import { recordAdminAction, type AdminActor } from '../audit';
import { rememberDeletedEmail, type UserRow } from '../users';
import { accountDeletionKey, JOB_ACCOUNT_DELETE } from './account-deletion.job';
import { createAccountDeletionRepository } from './account-deletion.repository';

/** The password check of a credential change (auth.service.ts `reauthenticate`), passed in by app.ts. */
export type Reauthenticate = (user: UserRow, password: string | undefined) => Promise<void>;

/**
 * "Delete my account" and the admin's "delete this user" (issue 22, item 4). The request itself only
 * marks the account, ends every session and enqueues the durable job (account-deletion.job.ts) — in
 * one transaction, so the sessions end at once and the deletion is certain to follow.
 */
export function createAccountDeletionService(
  deps: Pick<AppDeps, 'db' | 'queue' | 'sessionCache' | 'config'>,
  reauthenticate: Reauthenticate,
) {
  /** `admin` when an admin asked: the audit entry is written in the same transaction (decision 027). */
  async function request(userId: string, admin?: AdminActor) {
    await deps.db.transaction(async (tx) => {
      const repo = createAccountDeletionRepository(tx);
      const account = await repo.byId(userId);
      await repo.markRequested(userId);
      // only a keyed hash, for the welcome-bonus rule (modules/users/deleted-emails.ts)
      if (account?.email) await rememberDeletedEmail(tx, deps.config.sessionSecret, account.email);
      // the keys stop with the sessions (a deleted account's keys were refused already; now revoked)
      await revokeUserApiKeys(tx, userId);
      if (admin) await recordAdminAction(tx, { admin, action: 'user.delete', targetUserId: userId });
      await deps.queue.enqueue(
        JOB_ACCOUNT_DELETE,
        { userId },
        { tx, singletonKey: accountDeletionKey(userId) },
      );
    });
    // the triggers tell every instance (decision 018); this one forgets at once
    deps.sessionCache.forgetUser(userId);
    deps.queue.kick();
  }

  return {
    /** Wrong password: 400 INVALID_PASSWORD (as a password change), and nothing happens. */
    async deleteOwn(user: UserRow, password: string) {
      await reauthenticate(user, password);
      await request(user.id);
    },

    async deleteByAdmin(admin: UserRow, userId: string) {
      if (admin.id === userId)
        throw forbidden('You cannot delete your own account from the admin panel.', 'CANNOT_CHANGE_SELF');
      const target = await createAccountDeletionRepository(deps.db).byId(userId);
      if (!target || (target.deletedAt && target.passwordHash === '!')) throw notFound('User not found');
      if (target.deletedAt) throw new AppError(409, 'CONFLICT', 'This account is already being deleted.');
      await request(userId, { id: admin.id, username: admin.username });
    },
  };
}
