import type { Db, DbOrTx } from '../../db/client';
import { revokeUserApiKeys } from '../api-keys';
import { createAuthRepository } from './auth.repository';

// What other modules may end of a user's sign-in, inside their own transaction (`tx`).

/**
 * Every session and every personal API key of the user: a suspension or a password set by an admin
 * signs them out everywhere, keys included (issue 40, finding 2).
 */
export async function endUserSessions(tx: DbOrTx, userId: string) {
  await createAuthRepository(tx).deleteUserSessions(userId);
  await revokeUserApiKeys(tx, userId);
}

/** The links a password change must not outlive ("this wasn't me", reset), every session and API key. */
export async function endAfterPasswordChange(tx: DbOrTx, userId: string) {
  const auth = createAuthRepository(tx);
  await auth.endCredentialLinks(userId);
  await auth.deleteUserSessions(userId);
  await revokeUserApiKeys(tx, userId);
}

/** Maintenance (register-jobs.ts): sessions past their expiry. */
export async function deleteExpiredSessions(db: Db) {
  await createAuthRepository(db).deleteExpiredSessions();
}
