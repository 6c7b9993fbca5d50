import { createHash } from 'node:crypto';
import type { Config } from '../../config';
import type { UrlSigner } from '../../storage/signed-url';
import type { Storage } from '../../storage/storage';
import { vendorJson } from '../vendor-http';
import type { HostingEngine, HostPoll } from './hosting';
import { EngineError } from '../engine-error';

export const AIR_SOURCE = 'lorastudio';

/** AIR ids want a numeric model id (providers.md B.3): a stable number derived from our model id. */
export function runwareAir(modelId: string, series: number) {
  const n = parseInt(createHash('sha256').update(modelId).digest('hex').slice(0, 12), 16);
  return `${AIR_SOURCE}:${n}@${series}`;
}

type RunwareItem = { taskType?: string; taskUUID?: string; status?: string; message?: string; air?: string };
type RunwareError = { code?: string; message?: string; taskUUID?: string; status?: string };
type RunwareResponse = { data?: RunwareItem[]; errors?: RunwareError[] };

/** Runware modelUpload (providers.md B.4, B.6): async delivery, then getResponse polls. */
export function createRunwareHost(opts: {
  config: Config;
  storage: Storage;
  signer: UrlSigner;
  sleep?: (ms: number) => Promise<void>;
}): HostingEngine {
  const rw = opts.config.runware!;
  const url = rw.baseUrl;
  const send = (tasks: unknown[], idempotent: boolean) =>
    vendorJson<RunwareResponse>({
      vendor: 'Runware',
      url,
      method: 'POST',
      headers: { Authorization: `Bearer ${rw.apiKey}` },
      body: tasks,
      idempotent,
      sleep: opts.sleep,
    });

  function firstError(res: RunwareResponse, taskUUID: string) {
    return res.errors?.find((e) => !e.taskUUID || e.taskUUID === taskUUID);
  }

  return {
    name: 'runware',
    pollMs: opts.config.env === 'test' ? 100 : 5000,
    maxDurationMs: 60 * 60_000,
    async submit(input) {
      if (!input.weightsKey) throw new EngineError('The model has no LoRA weights to upload', false);
      const weights = await opts.storage.getBuffer(input.weightsKey);
      if (!weights) throw new EngineError('The LoRA weights are missing from storage', false);
      const res = await send(
        [
          {
            taskType: 'modelUpload',
            taskUUID: input.taskUUID,
            category: 'lora',
            architecture: 'flux1d',
            format: 'safetensors',
            air: runwareAir(input.modelId, input.series),
            uniqueIdentifier: createHash('sha256').update(weights).digest('hex'),
            name: input.modelName.slice(0, 100),
            version: String(input.series),
            downloadURL: opts.signer.sign(input.weightsKey, 24 * 3600),
            defaultWeight: 1,
            positiveTriggerWords: input.triggerWord,
            private: true,
            deliveryMethod: 'async',
          },
        ],
        // the taskUUID makes a resubmission the same task
        true,
      );
      const err = firstError(res, input.taskUUID);
      if (err) throw new EngineError(err.message ?? err.code ?? 'Runware refused the upload', false);
    },
    async poll(input): Promise<HostPoll> {
      const res = await send([{ taskType: 'getResponse', taskUUID: input.taskUUID }], true);
      const err = firstError(res, input.taskUUID);
      if (err)
        return {
          status: 'failed',
          message: err.message ?? 'Runware upload failed',
          details: JSON.stringify(err).slice(0, 2000),
        };
      const items = (res.data ?? []).filter((d) => !d.taskUUID || d.taskUUID === input.taskUUID);
      const last = items[items.length - 1];
      if (last?.status && /error|fail/i.test(last.status))
        return { status: 'failed', message: last.message ?? 'Runware upload failed' };
      const ready = items.find((d) => d.status === 'ready' || d.status === 'success');
      if (ready)
        return {
          status: 'ready',
          air: ready.air ?? runwareAir(input.modelId, input.series),
          message: ready.message ?? 'Model successfully deployed and ready for use.',
        };
      return { status: 'processing', message: last?.status ? `Upload ${last.status}` : 'Upload in progress' };
    },
  };
}
