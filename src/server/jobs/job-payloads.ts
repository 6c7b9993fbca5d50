/** Job names follow `<domain>.<action>`; the map below does not compile with any other name. */
type JobName = `${string}.${string}`;
type Checked<T extends Record<JobName, object>> = T;

/**
 * Every durable job: its name and the payload it carries. The queue types `define` and `enqueue` by
 * this map, so an enqueue with a wrong name or payload does not compile; each job's zod schema sits
 * next to its handler and must parse to the type given here (checked where it is defined).
 */
export type JobPayloads = Checked<{
  'system.maintenance': Record<string, never>;
  'system.backup': Record<string, never>;
  'payments.reconcile': Record<string, never>;
  'generation.render': { generationId: string };
  'generation.score-likeness': { imageId: string };
  'upscale.render': { upscaleId: string };
  'training.run': { modelId: string; attempt: number };
  'hosting.upload': { modelId: string; logId: string };
  'models.watchdog': Record<string, unknown>;
  'models.check-photos': { modelId: string; imageIds: string[] };
  'auth.forgot-password': { usernameOrEmail: string };
  'storage.delete-prefix': { prefix: string; sweepAgainMs?: number };
  'models.remove-hosted-copy': {
    modelId: string;
    hostingProvider: string;
    air: string | null;
    sweepAgainMs?: number;
  };
  'storage.delete-keys': { keys: string[] };
  'styles.collect-preview': { key: string };
  'audit.purge': Record<string, never>;
  'account.delete': { userId: string };
  'account.farewell-mail': { to: string; username: string };
  'exports.build': { exportId: string };
  'exports.ready-mail': { exportId: string };
  'exports.expire': Record<string, never>;
  'privacy.forget-faces': { userId: string };
  'privacy.retention': Record<string, never>;
  'packs.run': { batchId: string };
  'packs.draw-samples': { packId: string };
  'notifications.mail': { notificationId: string };
}>;
