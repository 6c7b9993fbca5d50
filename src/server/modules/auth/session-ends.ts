import type { Db, DbOrTx } from '../../db/client';
import { createAuthRepository } from './auth.repository';

// What other modules may end of a user's sign-in, inside their own transaction (`tx`).

/** Every session of the user: a suspension or a password set by an admin signs them out everywhere. */
export async function endUserSessions(tx: DbOrTx, userId: string) {
  await createAuthRepository(tx).deleteUserSessions(userId);
}

/** The links a password change must not outlive ("this wasn't me", reset) and every session. */
export async function endAfterPasswordChange(tx: DbOrTx, userId: string) {
  const auth = createAuthRepository(tx);
  await auth.endCredentialLinks(userId);
  await auth.deleteUserSessions(userId);
}

/** Maintenance (register-jobs.ts): sessions past their expiry. */
export async function deleteExpiredSessions(db: Db) {
  await createAuthRepository(db).deleteExpiredSessions();
}
