import { zipSync } from 'fflate';
import type { Config } from '../../config';
import type { UrlSigner } from '../../storage/signed-url';
import type { Storage } from '../../storage/storage';
import { vendorDownload, vendorJson } from '../vendor-http';
import { modelDir } from './offline';
import { extractFromTar } from './tar';
import { type TrainingEngine, type TrainingPoll } from './training';
import { progressFromLogs } from '../../../shared/training-progress';
import { EngineError } from '../engine-error';

export const REPLICATE_TRAINER = { owner: 'ostris', name: 'flux-dev-lora-trainer' };
export const REPLICATE_STEPS = 1000;

type Training = {
  id: string;
  status: string;
  logs?: string | null;
  error?: unknown;
  output?: { version?: string; weights?: string } | null;
};

export function destinationName(modelId: string) {
  return `lora-studio-${modelId.replace(/-/g, '').slice(0, 16)}`;
}

/** Replicate trainer (providers.md A): zip → destination model → trainer version → training; poll; copy weights. */
export function createReplicateTrainer(opts: {
  config: Config;
  storage: Storage;
  signer: UrlSigner;
  sleep?: (ms: number) => Promise<void>;
}): TrainingEngine {
  const rc = opts.config.replicate!;
  const base = rc.baseUrl;
  const auth = { Authorization: `Bearer ${rc.apiToken}` };
  const call = <T>(path: string, method: 'GET' | 'POST' = 'GET', body?: unknown) =>
    vendorJson<T>({
      vendor: 'Replicate',
      url: `${base}${path}`,
      method,
      headers: auth,
      body,
      sleep: opts.sleep,
    });

  async function ensureDestination(modelId: string, modelName: string) {
    const account = await call<{ username: string }>('/account');
    const name = destinationName(modelId);
    try {
      await call(`/models/${account.username}/${name}`);
    } catch (err) {
      if (!(err instanceof EngineError) || err.status !== 404) throw err;
      await call('/models', 'POST', {
        owner: account.username,
        name,
        visibility: 'private',
        hardware: 'gpu-t4',
        description: `LoRA Studio model ${modelName}`.slice(0, 200),
      });
    }
    return `${account.username}/${name}`;
  }

  return {
    name: 'replicate',
    pollMs: opts.config.env === 'test' ? 100 : 15_000,
    maxDurationMs: 3 * 60 * 60_000,
    async start(input) {
      const files: Record<string, Uint8Array> = {};
      for (const [i, key] of input.imageKeys.entries()) {
        const buf = await opts.storage.getBuffer(key);
        if (buf) files[`image-${String(i + 1).padStart(2, '0')}.jpg`] = buf;
      }
      if (Object.keys(files).length === 0) throw new EngineError('No training images found', false);
      const zipKey = `${modelDir(input.userId, input.modelId)}/training-${input.attempt}.zip`;
      // photos are already JPEG-compressed: store, don't deflate
      await opts.storage.put(zipKey, Buffer.from(zipSync(files, { level: 0 })), 'application/zip');
      const destination = await ensureDestination(input.modelId, input.modelName);
      const trainer = await call<{ latest_version?: { id: string } }>(
        `/models/${REPLICATE_TRAINER.owner}/${REPLICATE_TRAINER.name}`,
      );
      const version = trainer.latest_version?.id;
      if (!version) throw new EngineError('Replicate trainer has no version', false);
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
                webhook: `${publicUrl}/api/webhooks/replicate`,
                webhook_events_filter: ['start', 'logs', 'completed'],
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
        const tar = await vendorDownload('Replicate', weightsUrl, auth);
        const lora = extractFromTar(tar, (p) => p.endsWith('lora.safetensors'));
        const weightsKey = `${modelDir(input.userId, input.modelId)}/lora.safetensors`;
        await opts.storage.put(weightsKey, lora ?? tar, 'application/octet-stream');
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
        return { status: t.status === 'failed' ? 'failed' : 'canceled', logs, progress, error };
      }
      return { status: t.status === 'starting' ? 'starting' : 'processing', logs, progress };
    },
    async cancel(trainingId) {
      await call(`/trainings/${encodeURIComponent(trainingId)}/cancel`, 'POST');
    },
  };
}
