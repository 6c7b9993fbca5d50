import type { AppDeps } from '../../deps';
import { FACE_NOTICE_VERSION } from '../../../shared/privacy-notices';
import type { PrivacySettings } from '../../../shared/schemas/consent';
import { createConsentRepository, type UserPrivacyRow } from './consent.repository';
import { JOB_FORGET_FACES } from './consent.job';

function toPrivacy(row: UserPrivacyRow | null): PrivacySettings {
  return {
    faceAnalysis: row?.faceAnalysis ?? false,
    faceAnalysisAt: row?.faceAnalysisAt?.toISOString() ?? null,
    noticeVersion: row?.noticeVersion ?? null,
  };
}

export function createConsentService(deps: AppDeps) {
  return {
    async get(userId: string) {
      return toPrivacy(await createConsentRepository(deps.db).get(userId));
    },

    /**
     * Records the answer with the notice version it was given to. Switching off enqueues, in the same
     * transaction, the durable job that deletes every descriptor and likeness score of the user: the
     * answer and the deletion commit together or not at all.
     */
    async set(userId: string, faceAnalysis: boolean) {
      const saved = await deps.db.transaction(async (tx) => {
        const repo = createConsentRepository(tx);
        const row = await repo.save({
          userId,
          faceAnalysis,
          faceAnalysisAt: new Date(),
          noticeVersion: FACE_NOTICE_VERSION,
        });
        if (!faceAnalysis) await deps.queue.enqueue(JOB_FORGET_FACES, { userId }, { tx });
        return row;
      });
      deps.queue.kick();
      return toPrivacy(saved);
    },
  };
}
