import { createHash, randomUUID } from 'node:crypto';
import { PERSONAL_LORA_ARCHITECTURE } from '../../../shared/architecture';
import type { Config } from '../../config';
import type { UrlSigner } from '../../storage/signed-url';
import type { RunwareClient } from '../runware-client';
import type { HostingEngine, HostPoll, HostUploadInput } from './hosting';
import { EngineError } from '../engine-error';
import { taskError } from '../images/runware-tasks';

/**
 * The longest one modelUpload request may take. Runware keeps an upload request open while it works;
 * the hosting job's lease is derived from this, so a slow call is never re-issued by a second worker
 * while the first still waits (a re-issue is harmless, being idempotent, but is not needed).
 */
export const UPLOAD_CALL_TIMEOUT_MS = 2 * 60_000;

/** AIR ids want a numeric model id: a stable number derived from our model id, under our AIR source. */
export function runwareAir(source: string, modelId: string, series: number) {
  const n = parseInt(createHash('sha256').update(modelId).digest('hex').slice(0, 12), 16);
  return `${source}:${n}@${series}`;
}

/**
 * The uniqueIdentifier of an upload: one per (model, weights, upload series), so every re-issue of a
 * series is the same model (Runware documents air + uniqueIdentifier as idempotent), and a new series
 * (new weights after a retraining, an admin retry) is a new one, under a new AIR version. Derived,
 * not a hash of the file, so a poll does not read the weights again.
 */
export function uploadIdentifier(input: Pick<HostUploadInput, 'modelId' | 'weightsKey' | 'series'>) {
  return createHash('sha256').update(`${input.modelId}:${input.weightsKey}:${input.series}`).digest('hex');
}

export const RUNWARE_NO_MODEL_REMOVAL =
  'Runware offers no API call that removes an uploaded model: it stays private to the operator account until removed in the Runware dashboard';

type UploadItem = { taskType?: string; taskUUID: string; status?: string; message?: string; air?: string };

/**
 * Runware modelUpload (its ModelUploadParams: no deliveryMethod or webhook; statuses validated |
 * downloaded | optimized | stored | ready | failed). Readiness never depends on getResponse for the
 * upload's taskUUID, which Runware documents may stay `processing` after the model is deployed: a poll
 * re-issues the same `air` + `uniqueIdentifier`, which is idempotent and answers the model's state.
 */
export function createRunwareHost(opts: {
  config: Config;
  client: RunwareClient;
  signer: UrlSigner;
}): HostingEngine {
  const source = opts.config.runware?.airSource;

  function uploadTask(input: HostUploadInput) {
    if (!source)
      throw new EngineError(
        'RUNWARE_AIR_SOURCE is not set: uploads need an AIR source of the Runware account',
        false,
        undefined,
        'configuration',
      );
    if (!input.weightsKey) throw new EngineError('The model has no LoRA weights to upload', false);
    return {
      taskType: 'modelUpload',
      // a fresh task each call: the model is identified by air + uniqueIdentifier, not by the task
      taskUUID: randomUUID(),
      category: 'lora',
      architecture: PERSONAL_LORA_ARCHITECTURE,
      format: 'safetensors',
      air: runwareAir(source, input.modelId, input.series),
      uniqueIdentifier: uploadIdentifier(input),
      name: input.modelName.slice(0, 100),
      version: String(input.series),
      downloadURL: opts.signer.sign(input.weightsKey, 24 * 3600),
      defaultWeight: 1,
      positiveTriggerWords: input.triggerWord,
      private: true,
    };
  }

  async function issue(input: HostUploadInput): Promise<HostPoll> {
    const task = uploadTask(input);
    const reply = await opts.client.request<UploadItem>([task], { timeoutMs: UPLOAD_CALL_TIMEOUT_MS });
    const err = reply.errors.find((e) => !e.taskUUID || e.taskUUID === task.taskUUID);
    if (err) {
      const e = taskError(err, 'Runware refused the upload');
      if (e.retryable) throw e;
      return { status: 'failed', message: e.message, details: JSON.stringify(err).slice(0, 2000) };
    }
    const items = reply.data.filter((d) => d.taskUUID === task.taskUUID);
    const last = items[items.length - 1];
    if (items.some((d) => d.status === 'ready')) {
      const ready = items.find((d) => d.status === 'ready')!;
      return {
        status: 'ready',
        air: ready.air ?? task.air,
        message: ready.message ?? 'Model successfully deployed and ready for use.',
      };
    }
    if (last?.status === 'failed')
      return { status: 'failed', message: last.message || 'Runware could not deploy the model' };
    return { status: 'processing', message: last?.status ? `Upload ${last.status}` : 'Upload in progress' };
  }

  return {
    name: 'runware',
    pollMs: opts.config.timings.hostingPollMs,
    maxDurationMs: 60 * 60_000,
    async submit(input) {
      const p = await issue(input);
      if (p.status === 'failed') throw new EngineError(p.message, false, undefined, 'uploadFailed');
    },
    poll: issue,
    // Runware's task catalogue (runware-typescript src/types/task-map.ts, schema-map 2026-07-22) has
    // modelUpload and modelSearch but no task that removes an uploaded model; mediaStorage's delete
    // only removes media stored with mediaStorage, which we never use. Uploads are private to the
    // account, and the weights' download URL is signed and expires, so nothing is called here.
    async removeModel({ air }) {
      return {
        vendor: 'Runware',
        removed: [],
        ...(air ? { notOffered: RUNWARE_NO_MODEL_REMOVAL } : {}),
      };
    },
  };
}
