import { estimatedProgress, progressFromLogs } from '../../../shared/training-progress';
import type { TrainingStatusResponse } from '../../../shared/schemas/models';
import type { ModelRow } from './models.repository';
import type { UploadLogRow } from './upload-logs.repository';

/** Provider-style status of the latest training attempt (Replicate's words). */
function rawStatus(m: ModelRow): string | null {
  if (m.trainingAttempt === 0) return null;
  switch (m.status) {
    case 'training':
      return m.trainingId && (m.trainingProgress ?? 0) > 0 ? 'processing' : 'starting';
    case 'training_complete':
    case 'processing':
    case 'ready':
      return 'succeeded';
    case 'failed':
      return m.trainingCompletedAt ? 'succeeded' : 'failed';
    default:
      return m.trainingError === 'Training was canceled' ? 'canceled' : null;
  }
}

function phaseCompleted(m: ModelRow): number {
  switch (m.status) {
    case 'ready':
      return 4;
    case 'processing':
    case 'training_complete':
      return 2;
    case 'training':
    case 'uploaded':
      return 1;
    default:
      return m.zipKey || m.trainingCompletedAt ? 1 : 0;
  }
}

/** GET /api/models/:id/training-status (docs/product/spec-part-1.md §3 "Training status response"). */
export function toTrainingStatus(m: ModelRow, log: UploadLogRow | null): TrainingStatusResponse {
  const raw = rawStatus(m);
  let progress: number | null = null;
  if (m.status === 'training') {
    progress =
      m.trainingProgress ?? progressFromLogs(m.trainingLogs) ?? estimatedProgress(m.trainingStartedAt);
  } else if (m.trainingCompletedAt) {
    progress = 100;
  }
  const base = `/api/models/${m.id}`;
  return {
    trainingStatus: raw,
    raw_status: raw,
    progress,
    logs: m.trainingLogs.slice(-8000),
    error: m.status === 'failed' || m.trainingError ? m.trainingError : null,
    cancelUrl: m.status === 'training' ? `${base}/cancel-training` : null,
    streamUrl: null,
    getUrl: `${base}/training-status`,
    completed_at: m.trainingCompletedAt?.toISOString() ?? null,
    phaseCompleted: phaseCompleted(m),
    uploadStatus: log?.status ?? null,
    processingStatus: m.processingStatus,
    readyStatus: m.status === 'ready' ? 'ready' : null,
    runwareUploadStatus: { status: log?.status ?? null },
    model: { status: m.status, runwareAirName: m.runwareAirName },
  };
}
