import type { DbOrTx } from '../../db/client';
import { createApiKeysRepository } from './api-keys.repository';

/**
 * Every live personal API key of the user stops at once, in the caller's transaction: a key must not
 * outlive the owner's recovery of the account (security review, issue 40, finding 2). Called by a
 * password change or reset (own or an admin's), "sign out everywhere", the e-mail change's "this
 * wasn't me", a suspension and a deletion request. Keys are read uncached (decision 039), so no
 * instance keeps serving one. Returns how many were revoked.
 */
export async function revokeUserApiKeys(tx: DbOrTx, userId: string) {
  return createApiKeysRepository(tx).revokeAll(userId);
}
