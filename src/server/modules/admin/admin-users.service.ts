import { randomUUID } from 'node:crypto';
import type { AdminUser } from '../../../shared/schemas/admin';
import type { Tx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { referralCode } from '../../lib/crypto';
import { conflict, notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { endAfterPasswordChange, endUserSessions } from '../auth';
import { hashPassword } from '../../lib/passwords';
import { referralCountsByInviter } from '../referrals';
import { applyLedgerEntry } from '../tokens';
import { assertNamesFree, createAccount, createUserAccounts, type UserRow } from '../users';
import { recordAdminAction, recordAdminChange, type AdminActor } from '../audit';
import { createAdminRepository } from './admin.repository';
import { formatCount, SERVER_LOCALE } from '../../../shared/intl';

const TAKEN_FALLBACK = 'Username or email is already taken';

export function toAdminUser(u: UserRow): AdminUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    tokenBalance: u.tokenBalance,
    isAdmin: u.isAdmin,
    enableNSFW: u.enableNsfw,
    status: u.status,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
    tokensOwed: u.tokensOwed,
    paymentFlag:
      u.paymentFlaggedAt && u.paymentFlagReason
        ? { reason: u.paymentFlagReason, flaggedAt: u.paymentFlaggedAt.toISOString() }
        : null,
  };
}

export function createAdminUsersService(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const usersRepo = createUserAccounts(db);
  const adminRepo = createAdminRepository(db);

  /**
   * Changes account flags under the user's row lock, runs `also` (ending sessions) and records the
   * change in the audit log, all in one transaction; an unchanged flag leaves no entry.
   */
  async function changeFlags(
    admin: AdminActor,
    userId: string,
    action: 'user.admin' | 'user.nsfw' | 'user.status',
    values: Partial<Pick<UserRow, 'isAdmin' | 'enableNsfw' | 'status'>>,
    also?: (tx: Tx) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const repo = createAdminRepository(tx);
      const before = await repo.lockUser(userId);
      if (!before) throw notFound('User not found');
      const user = (await repo.setFlags(userId, values))!;
      await also?.(tx);
      const pick = (u: UserRow) =>
        Object.fromEntries(Object.keys(values).map((k) => [k, u[k as keyof UserRow]]));
      await recordAdminChange(tx, { admin, action, targetUserId: userId }, pick(before), pick(user));
      return user;
    });
  }

  return {
    async list(search: string | undefined, limit: number, cursor: string | undefined) {
      const page = await readPage((n, after) => usersRepo.search(search || undefined, n, after), {
        limit,
        cursor,
        cursorOf: (u) => ({ ts: u.cursorTs, id: u.id }),
      });
      // issue 13, point 3: admins see who invites many people
      const counts = await referralCountsByInviter(
        db,
        page.items.map((u) => u.id),
      );
      return {
        users: page.items.map((u) => ({
          ...toAdminUser(u),
          referrals: counts.get(u.id) ?? { invited: 0, paid: 0 },
        })),
        nextCursor: page.nextCursor,
      };
    },

    async create(
      admin: AdminActor,
      input: { username: string; email: string; password: string; isAdmin: boolean; tokenBalance: number },
    ) {
      await assertNamesFree(db, input, TAKEN_FALLBACK);
      const passwordHash = await hashPassword(input.password);
      const user = await createAccount(
        db,
        {
          username: input.username,
          email: input.email,
          passwordHash,
          isAdmin: input.isAdmin,
          // the admin vouches for the address; no verification mail for accounts made by hand
          emailVerifiedAt: new Date(),
          referralCode: referralCode(),
        },
        {
          fallback: TAKEN_FALLBACK,
          also: async (tx, created) => {
            if (input.tokenBalance > 0) {
              await applyLedgerEntry(tx, {
                userId: created.id,
                type: 'admin_adjustment',
                amount: input.tokenBalance,
                idempotencyKey: `admin:${randomUUID()}`,
                // the user reads this line; which admin did it stays in refId, as support replies hide it too
                description: 'Initial balance set by Support',
                refType: 'user',
                refId: admin.id,
              });
            }
            // the new user's name and e-mail stay out of the log: deleting the user must erase them
            await recordAdminAction(tx, {
              admin,
              action: 'user.create',
              targetUserId: created.id,
              after: { isAdmin: input.isAdmin, tokenBalance: input.tokenBalance },
            });
          },
        },
      );
      return toAdminUser(user);
    },

    async setBalance(admin: AdminActor, userId: string, tokenBalance: number) {
      return db.transaction(async (tx) => {
        const user = await createAdminRepository(tx).lockUser(userId);
        if (!user) throw notFound('User not found');
        const diff = tokenBalance - user.tokenBalance;
        if (diff === 0) return { newBalance: user.tokenBalance, transactionId: null as string | null };
        const { row, balance } = await applyLedgerEntry(tx, {
          userId,
          type: 'admin_adjustment',
          amount: diff,
          idempotencyKey: `admin:${randomUUID()}`,
          description: `Balance set from ${formatCount(user.tokenBalance, SERVER_LOCALE)} to ${formatCount(tokenBalance, SERVER_LOCALE)} by Support`,
          refType: 'user',
          refId: admin.id,
        });
        await recordAdminAction(tx, {
          admin,
          action: 'user.balance',
          targetUserId: userId,
          before: { tokenBalance: user.tokenBalance },
          after: { tokenBalance: balance },
        });
        return { newBalance: balance, transactionId: row.id as string | null };
      });
    },

    async setAdmin(admin: AdminActor, userId: string, isAdmin: boolean) {
      if (userId === admin.id && !isAdmin)
        throw conflict('You cannot remove your own admin access', 'CANNOT_CHANGE_SELF');
      return toAdminUser(await changeFlags(admin, userId, 'user.admin', { isAdmin }));
    },

    async setNsfw(admin: AdminActor, userId: string, enableNSFW: boolean) {
      return toAdminUser(await changeFlags(admin, userId, 'user.nsfw', { enableNsfw: enableNSFW }));
    },

    /** docs/product/decisions.md §15 / docs/product/interfaces.md "Suspended users": suspending ends every session of that user. */
    async setStatus(admin: AdminActor, userId: string, status: 'active' | 'suspended') {
      if (userId === admin.id && status === 'suspended')
        throw conflict('You cannot suspend your own account', 'CANNOT_CHANGE_SELF');
      return toAdminUser(
        await changeFlags(admin, userId, 'user.status', { status }, async (tx) => {
          if (status === 'suspended') await endUserSessions(tx, userId);
        }),
      );
    },

    async resetPassword(admin: AdminActor, username: string, newPassword: string) {
      const user = await usersRepo.byUsername(username);
      if (!user) throw notFound('User not found');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        if (!(await createAdminRepository(tx).setFlags(user.id, { passwordHash })))
          throw notFound('User not found');
        // as any password change: the account's undo and reset links end with the old password
        await endAfterPasswordChange(tx, user.id);
        // the event only: neither hash nor password is ever logged
        await recordAdminAction(tx, { admin, action: 'user.password_reset', targetUserId: user.id });
      });
      return toAdminUser(user);
    },

    stats: () => adminRepo.stats(),
  };
}
