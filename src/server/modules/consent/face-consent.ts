import type { DbOrTx } from '../../db/client';
import { createConsentRepository } from './consent.repository';

/**
 * Whether a face descriptor may be computed and stored for this user (decision 025): only after they
 * said yes. Every place that computes or stores one asks here; pass the transaction that stores it
 * with `lock` so a "switch off" cannot slip in between the check and the write.
 */
export async function faceAnalysisAllowed(db: DbOrTx, userId: string, o: { lock?: boolean } = {}) {
  return (await createConsentRepository(db).get(userId, o))?.faceAnalysis === true;
}
