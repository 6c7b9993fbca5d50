import { randomUUID } from 'node:crypto';
import type { AdminUser } from '../../../shared/schemas/admin';
import { isUniqueViolation } from '../../db/client';
import type { AppDeps } from '../../deps';
import { referralCode } from '../../lib/crypto';
import { AppError, conflict, notFound } from '../../lib/errors';
import { readPage } from '../../lib/paging';
import { createAuthRepository } from '../auth/auth.repository';
import { hashPassword } from '../../lib/passwords';
import { createReferralsRepository } from '../referrals/referrals.repository';
import { applyLedgerEntry } from '../tokens/ledger.service';
import { createUsersRepository, type UserRow } from '../users/users.repository';
import { createAdminRepository } from './admin.repository';

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

function takenError(taken: { username: boolean; email: boolean }) {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = 'Username is already taken';
  if (taken.email) fields.email = 'An account with this email already exists';
  return new AppError(
    409,
    'ALREADY_EXISTS',
    Object.values(fields)[0] ?? 'Username or email is already taken',
    fields,
  );
}

export function createAdminUsersService(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  const usersRepo = createUsersRepository(db);
  const adminRepo = createAdminRepository(db);
  const authRepo = createAuthRepository(db);

  async function byIdOr404(userId: string) {
    const user = await usersRepo.byId(userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  return {
    async list(search: string | undefined, limit: number, cursor: string | undefined) {
      const page = await readPage((n, after) => usersRepo.search(search || undefined, n, after), {
        limit,
        cursor,
        cursorOf: (u) => ({ ts: u.cursorTs, id: u.id }),
      });
      // issue 13, point 3: admins see who invites many people
      const counts = await createReferralsRepository(db).countsByInviter(page.items.map((u) => u.id));
      return {
        users: page.items.map((u) => ({
          ...toAdminUser(u),
          referrals: counts.get(u.id) ?? { invited: 0, paid: 0 },
        })),
        nextCursor: page.nextCursor,
      };
    },

    async create(
      admin: UserRow,
      input: { username: string; email: string; password: string; isAdmin: boolean; tokenBalance: number },
    ) {
      const taken = await usersRepo.taken(input.username, input.email);
      if (taken.username || taken.email) throw takenError(taken);
      const passwordHash = await hashPassword(input.password);
      try {
        const user = await db.transaction(async (tx) => {
          const repo = createUsersRepository(tx);
          const created = await repo.insert({
            username: input.username,
            email: input.email,
            passwordHash,
            isAdmin: input.isAdmin,
            // the admin vouches for the address; no verification mail for accounts made by hand
            emailVerifiedAt: new Date(),
            referralCode: referralCode(),
          });
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
          return (await repo.byId(created.id))!;
        });
        return toAdminUser(user);
      } catch (err) {
        if (isUniqueViolation(err)) throw takenError(await usersRepo.taken(input.username, input.email));
        throw err;
      }
    },

    /** Sets the balance to a value by writing one ledger row of the difference (docs/product/architecture.md "Money"). */
    async setBalance(admin: UserRow, userId: string, tokenBalance: number) {
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
          description: `Balance set from ${user.tokenBalance} to ${tokenBalance} by Support`,
          refType: 'user',
          refId: admin.id,
        });
        return { newBalance: balance, transactionId: row.id as string | null };
      });
    },

    async setAdmin(admin: UserRow, userId: string, isAdmin: boolean) {
      if (userId === admin.id && !isAdmin)
        throw conflict('You cannot remove your own admin access', 'CANNOT_CHANGE_SELF');
      const user = await adminRepo.setFlags(userId, { isAdmin });
      if (!user) throw notFound('User not found');
      return toAdminUser(user);
    },

    async setNsfw(userId: string, enableNSFW: boolean) {
      const user = await adminRepo.setFlags(userId, { enableNsfw: enableNSFW });
      if (!user) throw notFound('User not found');
      return toAdminUser(user);
    },

    /** docs/product/decisions.md §15 / docs/product/interfaces.md "Suspended users": suspending ends every session of that user. */
    async setStatus(admin: UserRow, userId: string, status: 'active' | 'suspended') {
      if (userId === admin.id && status === 'suspended')
        throw conflict('You cannot suspend your own account', 'CANNOT_CHANGE_SELF');
      await byIdOr404(userId);
      const user = await adminRepo.setFlags(userId, { status });
      if (!user) throw notFound('User not found');
      if (status === 'suspended') await authRepo.deleteUserSessions(userId);
      return toAdminUser(user);
    },

    async resetPassword(username: string, newPassword: string) {
      const user = await usersRepo.byUsername(username);
      if (!user) throw notFound('User not found');
      await adminRepo.setFlags(user.id, { passwordHash: await hashPassword(newPassword) });
      await authRepo.deleteUserSessions(user.id);
      return toAdminUser(user);
    },

    stats: () => adminRepo.stats(),
  };
}
