import type { DbOrTx } from '../../db/client';
import { hmac } from '../../lib/crypto';
import { purposeKey } from '../../lib/keys';
import { createDeletedEmailsRepository } from './deleted-emails.repository';

// Security review (issue 40, finding 5): an account deleted and registered again with the same
// e-mail got a second welcome bonus. A deleted account's address is remembered as an HMAC under its
// own purpose key (lib/keys.ts): without SESSION_SECRET the hashes cannot be tested against a list of
// addresses, and they serve this one rule. Kept config.privacy.deletedEmailRetentionDays (the
// retention job deletes older ones; the Privacy page says how long).

export function deletedEmailHash(secret: string, email: string) {
  return hmac(purposeKey(secret, 'deleted-emails'), email.trim().toLowerCase());
}

/** Called in the deletion request's transaction. */
export async function rememberDeletedEmail(tx: DbOrTx, secret: string, email: string) {
  await createDeletedEmailsRepository(tx).remember(deletedEmailHash(secret, email));
}

/** Whether an account with this address was deleted within the retention: then no welcome bonus. */
export async function hadDeletedAccount(tx: DbOrTx, secret: string, email: string) {
  return createDeletedEmailsRepository(tx).has(deletedEmailHash(secret, email));
}

/** The retention pass: every hash of a deletion before `cutoff`; returns how many went. */
export async function purgeDeletedEmailsBefore(db: DbOrTx, cutoff: Date) {
  return createDeletedEmailsRepository(db).purgeBefore(cutoff);
}
