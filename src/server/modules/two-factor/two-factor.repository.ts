import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { backupCodes, loginChallenges, passkeys, totpCredentials, users } from '../../db/schema/index';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeKind = (typeof loginChallenges.$inferSelect)['kind'];

/** Every SQL statement of the second factors (docs/decisions/056-second-factor.md). */
export function createTwoFactorRepository(db: DbOrTx) {
  return {
    async totp(userId: string) {
      const [row] = await db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
      return row;
    },

    /** A new, unconfirmed secret replaces an unconfirmed one; a confirmed one is never overwritten. */
    async putPendingTotp(userId: string, secretEnc: string) {
      const rows = await db
        .insert(totpCredentials)
        .values({ userId, secretEnc })
        .onConflictDoUpdate({
          target: totpCredentials.userId,
          set: { secretEnc, createdAt: new Date(), lastStep: null },
          setWhere: isNull(totpCredentials.confirmedAt),
        })
        .returning({ userId: totpCredentials.userId });
      return rows.length > 0;
    },

    async confirmTotp(userId: string, step: number) {
      const rows = await db
        .update(totpCredentials)
        .set({ confirmedAt: new Date(), lastStep: step })
        .where(and(eq(totpCredentials.userId, userId), isNull(totpCredentials.confirmedAt)))
        .returning({ userId: totpCredentials.userId });
      return rows.length > 0;
    },

    /**
     * Takes a time step for a sign-in: only when it is later than the last one used, in one statement,
     * so two requests carrying the same code cannot both pass.
     */
    async useStep(userId: string, step: number) {
      const rows = await db
        .update(totpCredentials)
        .set({ lastStep: step })
        .where(
          and(
            eq(totpCredentials.userId, userId),
            isNotNull(totpCredentials.confirmedAt),
            or(isNull(totpCredentials.lastStep), lt(totpCredentials.lastStep, step)),
          ),
        )
        .returning({ userId: totpCredentials.userId });
      return rows.length > 0;
    },

    async deleteTotp(userId: string) {
      await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
      await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
    },

    async replaceBackupCodes(userId: string, hashes: string[]) {
      await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
      await db.insert(backupCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    },

    /** Spends one unused backup code; false when it is unknown or was used. */
    async useBackupCode(userId: string, codeHash: string) {
      const rows = await db
        .update(backupCodes)
        .set({ usedAt: new Date() })
        .where(
          and(eq(backupCodes.userId, userId), eq(backupCodes.codeHash, codeHash), isNull(backupCodes.usedAt)),
        )
        .returning({ id: backupCodes.id });
      return rows.length > 0;
    },

    async backupCodesLeft(userId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(backupCodes)
        .where(and(eq(backupCodes.userId, userId), isNull(backupCodes.usedAt)));
      return row?.n ?? 0;
    },

    async passkeys(userId: string) {
      return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    },

    async passkeyByCredential(credentialId: string) {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    async insertPasskey(values: typeof passkeys.$inferInsert) {
      const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning();
      return row;
    },

    async renamePasskey(userId: string, id: string, name: string) {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    async deletePasskey(userId: string, id: string) {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      return row;
    },

    /** Records a sign-in with a passkey; the counter only ever moves forward (a cloned key shows). */
    async passkeyUsed(id: string, counter: number) {
      await db
        .update(passkeys)
        .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, lastUsedAt: new Date() })
        .where(eq(passkeys.id, id));
    },

    async deletePasskeys(userId: string) {
      await db.delete(passkeys).where(eq(passkeys.userId, userId));
    },

    /** users.has_second_factor from what the account has now: a confirmed TOTP or any passkey. */
    async refreshFlag(userId: string) {
      const [row] = await db
        .update(users)
        .set({
          hasSecondFactor: sql`exists (select 1 from ${totpCredentials} where ${totpCredentials.userId} = ${userId} and ${totpCredentials.confirmedAt} is not null) or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
        })
        .where(eq(users.id, userId))
        .returning({ hasSecondFactor: users.hasSecondFactor });
      return row?.hasSecondFactor ?? false;
    },

    async createChallenge(values: {
      id: string;
      kind: ChallengeKind;
      userId: string | null;
      challenge: string | null;
      expiresAt: Date;
    }) {
      // expired rows of any kind go as new ones come (the table stays as small as its live rows)
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, new Date()));
      await db.insert(loginChallenges).values(values);
    },

    async liveChallenge(id: string, kind: ChallengeKind) {
      const [row] = await db
        .select()
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.id, id),
            eq(loginChallenges.kind, kind),
            gt(loginChallenges.expiresAt, new Date()),
          ),
        );
      return row;
    },

    /** Uses a challenge up: true for the one request that deleted a live row. */
    async consumeChallenge(id: string, kind: ChallengeKind) {
      const rows = await db
        .delete(loginChallenges)
        .where(
          and(
            eq(loginChallenges.id, id),
            eq(loginChallenges.kind, kind),
            gt(loginChallenges.expiresAt, new Date()),
          ),
        )
        .returning({ id: loginChallenges.id });
      return rows.length > 0;
    },

    /** An account's live challenges of one kind, newest first. */
    async userChallenges(userId: string, kind: ChallengeKind) {
      return db
        .select()
        .from(loginChallenges)
        .where(
          and(
            eq(loginChallenges.userId, userId),
            eq(loginChallenges.kind, kind),
            gt(loginChallenges.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(loginChallenges.createdAt));
    },

    async deleteUserChallenges(userId: string, kind?: ChallengeKind) {
      await db
        .delete(loginChallenges)
        .where(and(eq(loginChallenges.userId, userId), kind ? eq(loginChallenges.kind, kind) : undefined));
    },
  };
}
