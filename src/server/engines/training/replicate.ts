import { zipSync } from 'fflate';
import type { Config } from '../../config';
import type { UrlSigner } from '../../storage/signed-url';
import type { Storage } from '../../storage/storage';
import { vendorDownload, vendorJson } from '../vendor-http';
import { extractFromTar } from './tar';
import { type TrainingEngine, type TrainingJobInput, type TrainingPoll } from './training';
import { progressFromLogs } from '../../../shared/training-progress';
import { EngineError } from '../engine-error';
import { loraWeightsKey, trainingZipKey } from '../../storage/keys';

export const REPLICATE_TRAINER = { owner: 'ostris', name: 'flux-dev-lora-trainer' };
export const REPLICATE_STEPS = 1000;
/**
 * The one destination model every training of this deployment pushes a version to (an account may
 * own at most 1,000 models); each version is deleted once its weights are copied
 * (docs/decisions/011-replicate-destinations.md).
 */
export const REPLICATE_DESTINATION = 'lora-studio-trainings';
/** We act on the start and the end; logs are read by polling, so every log line need not be posted. */
export const REPLICATE_WEBHOOK_EVENTS = ['start', 'completed'] as const;
/** Where flux-fine-tuner puts the LoRA in its output tar (`tar -cvf … output/flux_train_replicate`). */
export const REPLICATE_LORA_PATH = 'output/flux_train_replicate/lora.safetensors';
// how far back a retry looks for the training an earlier, unanswered create made (100 per page)
const ADOPT_PAGES = 5;

type Training = {
  id: string;
  status: string;
  model?: string;
  input?: Record<string, unknown> | null;
  webhook?: string | null;
  logs?: string | null;
  error?: unknown;
  output?: { version?: string; weights?: string } | null;
};

type Page<T> = { next?: string | null; results: T[] };

/** Names one attempt in what Replicate echoes back (webhook URL), so a retry can recognise its training. */
export function attemptMarker(input: Pick<TrainingJobInput, 'modelId' | 'attempt'>) {
  return `${input.modelId}.${input.attempt}`;
}

/** `owner/name:id` or a bare id (both forms are seen) → the version id. */
export function versionId(version: string) {
  return version.includes(':') ? version.slice(version.lastIndexOf(':') + 1) : version;
}

/** The LoRA inside the weights tar: exactly `lora.safetensors`, nothing that merely ends like it. */
export function loraFromTar(tar: Buffer): Buffer | null {
  return (
    extractFromTar(tar, (p) => p === REPLICATE_LORA_PATH) ??
    extractFromTar(tar, (p) => p.split('/').pop() === 'lora.safetensors')
  );
}

/**
 * Replicate trainer: zip → one destination model → trainer version → training; poll; copy the LoRA
 * to our storage; delete the destination version. Built from Replicate's HTTP API as the
 * replicate-javascript client calls it (base URL `https://api.replicate.com/v1`, used as given).
 */
export function createReplicateTrainer(opts: {
  config: Config;
  storage: Storage;
  signer: UrlSigner;
  sleep?: (ms: number) => Promise<void>;
}): TrainingEngine {
  const rc = opts.config.replicate!;
  const base = rc.baseUrl.replace(/\/+$/, '');
  const apiOrigin = new URL(base).origin;
  const auth = { Authorization: `Bearer ${rc.apiToken}` };
  const call = <T>(path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: unknown) =>
    vendorJson<T>({
      vendor: 'Replicate',
      url: path.startsWith('http') ? path : `${base}${path}`,
      method,
      headers: auth,
      body,
      sleep: opts.sleep,
    });

  async function ensureDestination() {
    const account = await call<{ username: string }>('/account');
    try {
      await call(`/models/${account.username}/${REPLICATE_DESTINATION}`);
    } catch (err) {
      if (!(err instanceof EngineError) || err.status !== 404) throw err;
      try {
        await call('/models', 'POST', {
          owner: account.username,
          name: REPLICATE_DESTINATION,
          visibility: 'private',
          hardware: 'gpu-t4',
          description: 'LoRA Studio trainings: each version is deleted once its weights are copied',
        });
      } catch (e) {
        // another worker created it in between
        if (!(e instanceof EngineError) || e.status !== 409) throw e;
      }
    }
    return `${account.username}/${REPLICATE_DESTINATION}`;
  }

  /** The training an earlier create of this attempt made, if Replicate has it (newest first). */
  async function findEarlier(zipKey: string, marker: string): Promise<Training | null> {
    let url: string | null = '/trainings';
    for (let page = 0; url && page < ADOPT_PAGES; page++) {
      const res: Page<Training> = await call<Page<Training>>(url);
      const hit = res.results.find((t) => {
        if (t.model && t.model !== `${REPLICATE_TRAINER.owner}/${REPLICATE_TRAINER.name}`) return false;
        const images = typeof t.input?.input_images === 'string' ? t.input.input_images : '';
        const ours = images.includes(`/files/${zipKey}?`) || images.endsWith(`/files/${zipKey}`);
        return ours || (typeof t.webhook === 'string' && t.webhook.includes(`attempt=${marker}`));
      });
      if (hit) return hit;
      // the cursor URL is Replicate's own: never follow it (with our token) anywhere else
      url = res.next && new URL(res.next, base).origin === apiOrigin ? res.next : null;
    }
    return null;
  }

  async function copyWeights(input: TrainingJobInput, weightsUrl: string) {
    const weightsKey = loraWeightsKey(input.userId, input.modelId);
    // output files live on replicate.delivery: our API token goes only to Replicate's API origin
    const sameOrigin = new URL(weightsUrl).origin === apiOrigin;
    const tar = await vendorDownload('Replicate', weightsUrl, sameOrigin ? auth : {});
    const lora = loraFromTar(tar);
    if (!lora) return null;
    await opts.storage.put(weightsKey, lora, 'application/octet-stream');
    return weightsKey;
  }

  async function deleteVersion(destination: string | null, version: string | undefined) {
    if (!destination || !version || !destination.includes('/')) return;
    try {
      await call(`/models/${destination}/versions/${encodeURIComponent(versionId(version))}`, 'DELETE');
    } catch (err) {
      // already gone (a re-poll), or Replicate refuses: the weights are ours, the version is only clutter
      if (!(err instanceof EngineError) || err.retryable) throw err;
    }
  }

  return {
    name: 'replicate',
    pollMs: opts.config.timings.trainingPollMs,
    maxDurationMs: 3 * 60 * 60_000,
    async start(input, record) {
      const files: Record<string, Uint8Array> = {};
      for (const [i, key] of input.imageKeys.entries()) {
        const buf = await opts.storage.getBuffer(key);
        if (buf) files[`image-${String(i + 1).padStart(2, '0')}.jpg`] = buf;
      }
      if (Object.keys(files).length === 0) throw new EngineError('No training images found', false);
      const zipKey = trainingZipKey(input.userId, input.modelId, input.attempt);
      const marker = attemptMarker(input);
      // photos are already JPEG-compressed: store, don't deflate
      await opts.storage.put(zipKey, Buffer.from(zipSync(files, { level: 0 })), 'application/zip');
      const destination = await ensureDestination();
      if (input.recorded.zipKey === zipKey) {
        // this attempt was recorded before: its create may have reached Replicate without our hearing back
        const earlier = await findEarlier(zipKey, marker);
        if (earlier) return { trainingId: earlier.id, zipKey, replicateModelId: destination };
      }
      const trainer = await call<{ latest_version?: { id: string } | null }>(
        `/models/${REPLICATE_TRAINER.owner}/${REPLICATE_TRAINER.name}`,
      );
      const version = trainer.latest_version?.id;
      if (!version) throw new EngineError('Replicate trainer has no version', false);
      if (!(await record({ zipKey, replicateModelId: destination }))) return null;
      const publicUrl = opts.config.publicUrl;
      const training = await call<Training>(
        `/models/${REPLICATE_TRAINER.owner}/${REPLICATE_TRAINER.name}/versions/${version}/trainings`,
        'POST',
        {
          destination,
          input: {
            input_images: opts.signer.sign(zipKey, 24 * 3600),
            trigger_word: input.triggerWord,
            steps: REPLICATE_STEPS,
            lora_rank: 16,
            autocaption: true,
            autocaption_prefix: `a photo of ${input.triggerWord}, `,
          },
          // Replicate posts only to https; without it the pipeline polls
          ...(publicUrl.startsWith('https://')
            ? {
                webhook: `${publicUrl}/api/webhooks/replicate?attempt=${marker}`,
                webhook_events_filter: [...REPLICATE_WEBHOOK_EVENTS],
              }
            : {}),
        },
      );
      return { trainingId: training.id, zipKey, replicateModelId: destination };
    },
    async poll(input): Promise<TrainingPoll> {
      const t = await call<Training>(`/trainings/${encodeURIComponent(input.trainingId)}`);
      const logs = t.logs ?? '';
      const progress = progressFromLogs(logs, REPLICATE_STEPS);
      if (t.status === 'succeeded') {
        const weightsUrl = t.output?.weights;
        if (!weightsUrl)
          return { status: 'failed', logs, progress, error: 'Training finished without weights' };
        // Replicate deletes outputs after about an hour: copy the LoRA to our storage at once
        const weightsKey = await copyWeights(input, weightsUrl);
        if (!weightsKey)
          return {
            status: 'failed',
            logs,
            progress,
            error: `The trained weights archive has no lora.safetensors (expected ${REPLICATE_LORA_PATH})`,
          };
        return {
          status: 'succeeded',
          logs,
          progress: 100,
          output: { weightsKey, version: t.output?.version },
        };
      }
      if (t.status === 'failed' || t.status === 'canceled' || t.status === 'aborted') {
        const error =
          typeof t.error === 'string' ? t.error : t.error ? JSON.stringify(t.error) : `Training ${t.status}`;
        return { status: t.status === 'canceled' ? 'canceled' : 'failed', logs, progress, error };
      }
      return { status: t.status === 'starting' ? 'starting' : 'processing', logs, progress };
    },
    async abandon(input) {
      const zipKey = trainingZipKey(input.userId, input.modelId, input.attempt);
      if (input.recorded.zipKey !== zipKey) return;
      const earlier = await findEarlier(zipKey, attemptMarker(input));
      if (earlier && (earlier.status === 'starting' || earlier.status === 'processing'))
        await call(`/trainings/${encodeURIComponent(earlier.id)}/cancel`, 'POST');
    },
    // called once the copied weights are committed: a crash before then re-polls while Replicate's
    // output still exists
    async release(r) {
      await deleteVersion(r.replicateModelId, r.version ?? undefined);
    },
    async cancel(trainingId) {
      await call(`/trainings/${encodeURIComponent(trainingId)}/cancel`, 'POST');
    },
    // Replicate documents `DELETE /v1/models/{owner}/{name}/versions/{id}` (docs: "Delete a model or
    // model version"); trainings themselves have no delete call (replicate-javascript lib/trainings.js:
    // create, get, cancel, list), and Replicate drops API inputs and outputs after about an hour. The
    // training zip was never uploaded to Replicate's files API: it is a signed URL into our storage.
    async removeCopies(r) {
      if (!r.replicateModelId || !r.version || !r.replicateModelId.includes('/'))
        return { vendor: 'Replicate', removed: [] };
      const id = versionId(r.version);
      try {
        await call(`/models/${r.replicateModelId}/versions/${encodeURIComponent(id)}`, 'DELETE');
      } catch (err) {
        // 404: already gone (released after the weights were copied, or an earlier pass)
        if (!(err instanceof EngineError) || err.status !== 404) throw err;
      }
      return { vendor: 'Replicate', removed: [`${r.replicateModelId}:${id}`] };
    },
  };
}
