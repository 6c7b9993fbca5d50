import { isUniqueViolation, type Db, type DbOrTx, type Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createUsersRepository, type NewUser, type UserRow } from './users.repository';

/**
 * The account records other modules may read and write (auth signs people up and in, admin manages
 * them, payments looks up the payer); the repository itself stays inside users/.
 */
export function createUserAccounts(db: DbOrTx) {
  const repo = createUsersRepository(db);
  return {
    byId: repo.byId,
    byUsername: repo.byUsername,
    byEmail: repo.byEmail,
    byReferralCode: repo.byReferralCode,
    update: repo.update,
    search: repo.search,
  };
}

/** The 409 for a name or address in use; `fallback` when a racing sign-up won but neither reads as taken. */
export function takenError(taken: { username: boolean; email: boolean }, fallback: string) {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = 'Username is already taken';
  if (taken.email) fields.email = 'An account with this email already exists';
  return new AppError(409, 'ALREADY_EXISTS', Object.values(fields)[0] ?? fallback, fields);
}

/** Throws the 409 if the username or e-mail is in use (a check before the work of a sign-up). */
export async function assertNamesFree(
  db: DbOrTx,
  input: { username: string; email: string },
  fallback: string,
) {
  const taken = await createUsersRepository(db).taken(input.username, input.email);
  if (taken.username || taken.email) throw takenError(taken, fallback);
}

/**
 * Inserts the account and runs `also` (its first ledger rows, the referral) in the same transaction;
 * two sign-ups racing for one name: the unique index decides, the loser gets the 409.
 */
export async function createAccount(
  db: Db,
  values: NewUser,
  o: { fallback: string; also?: (tx: Tx, created: UserRow) => Promise<void> },
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const repo = createUsersRepository(tx);
      const created = await repo.insert(values);
      await o.also?.(tx, created);
      return (await repo.byId(created.id))!;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw takenError(await createUsersRepository(db).taken(values.username, values.email), o.fallback);
    throw err;
  }
}
