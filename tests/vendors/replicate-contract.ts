import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

// A strict stand-in for Replicate's HTTP API (https://api.replicate.com/v1), written from Replicate's
// own contract, not from our adapter: the OpenAPI description of the HTTP API, the
// replicate-javascript client (lib/trainings.js, lib/models.js, lib/util.js validateWebhook,
// index.d.ts) and replicate/flux-fine-tuner's train.py (inputs, output tar). Every request is checked;
// what breaks the contract is answered the way Replicate answers it AND recorded as a violation, so a
// test fails even when the adapter happens to cope with the error.

export type DoubleStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
export type EventType = 'start' | 'output' | 'logs' | 'completed';

export type DoubleTraining = {
  id: string;
  model: string;
  version: string;
  destination: string;
  input: Record<string, unknown>;
  status: DoubleStatus;
  logs: string;
  error: string | null;
  output: { version: string; weights: string } | null;
  webhook?: string;
  webhook_events_filter?: EventType[];
  created_at: string;
  started_at?: string;
  completed_at?: string;
  /** GETs seen for this training (the life cycle advances with them) */
  polls: number;
  /** how it ends: succeeded (default), failed or a tar without lora.safetensors */
  outcome: 'succeeded' | 'failed' | 'no-lora';
};

export type DoubleModel = {
  owner: string;
  name: string;
  visibility: 'public' | 'private';
  hardware: string;
  description: string | null;
  versions: { id: string; created_at: string }[];
};

export type RecordedRequest = { method: string; path: string; auth?: string; body?: unknown; at: number };
export type Delivery = { trainingId: string; event: EventType; status: number; webhookId: string };

export type ReplicateDoubleOptions = {
  token?: string;
  /** the whsec_… default webhook secret (GET /v1/webhooks/default/secret) */
  webhookSecret?: string;
  username?: string;
  /** GETs of a training before it leaves `starting`, then before it ends (life cycle by polls) */
  pollsToProcess?: number;
  pollsToFinish?: number;
  /** Replicate's account cap */
  modelLimit?: number;
  /** where a webhook URL is really delivered (a tunnel to the app under test); default: as given */
  deliverTo?: (webhookUrl: string) => string;
  /** deliver every webhook twice (Replicate retries; the handler must be idempotent) */
  duplicateWebhooks?: boolean;
  /** hold `start` back and send it after `completed` */
  outOfOrderWebhooks?: boolean;
};

export const TRAINER = 'ostris/flux-dev-lora-trainer';
/** the bytes of the LoRA the double "trains" (what must end up in our storage) */
export const DOUBLE_LORA = Buffer.from('safetensors-header{"__metadata__":{"format":"pt"}}lora-weights');
export const HARDWARE = [
  'cpu',
  'gpu-t4',
  'gpu-l40s',
  'gpu-l40s-2x',
  'gpu-a100-large',
  'gpu-a100-large-2x',
  'gpu-h100',
];
export const WEBHOOK_EVENTS: EventType[] = ['start', 'output', 'logs', 'completed'];
export const MODEL_CREATE_FIELDS = [
  'owner',
  'name',
  'visibility',
  'hardware',
  'description',
  'github_url',
  'paper_url',
  'license_url',
  'cover_image_url',
];
export const TRAINING_FIELDS = ['destination', 'input', 'webhook', 'webhook_events_filter'];
export const OPTIMIZERS = [
  'prodigy',
  'adam8bit',
  'adamw8bit',
  'lion8bit',
  'adam',
  'adamw',
  'lion',
  'adagrad',
  'adafactor',
];
// flux-fine-tuner train.py: name → check (types and bounds as its cog Inputs declare them)
export const isInt = (v: unknown, lo = -Infinity, hi = Infinity) =>
  Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
export const TRAINER_INPUTS: Record<string, (v: unknown) => boolean> = {
  input_images: (v) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v),
  trigger_word: (v) => typeof v === 'string',
  autocaption: (v) => typeof v === 'boolean',
  autocaption_prefix: (v) => typeof v === 'string',
  autocaption_suffix: (v) => typeof v === 'string',
  steps: (v) => isInt(v, 3, 6000),
  learning_rate: (v) => typeof v === 'number',
  batch_size: (v) => isInt(v, 1),
  resolution: (v) => typeof v === 'string',
  lora_rank: (v) => isInt(v, 1, 128),
  caption_dropout_rate: (v) => typeof v === 'number' && v >= 0 && v <= 1,
  optimizer: (v) => typeof v === 'string' && OPTIMIZERS.includes(v),
  cache_latents_to_disk: (v) => typeof v === 'boolean',
  layers_to_optimize_regex: (v) => typeof v === 'string',
  gradient_checkpointing: (v) => typeof v === 'boolean',
  hf_repo_id: (v) => typeof v === 'string',
  hf_token: (v) => typeof v === 'string',
  wandb_api_key: (v) => typeof v === 'string',
  wandb_project: (v) => typeof v === 'string',
  wandb_run: (v) => typeof v === 'string',
  wandb_entity: (v) => typeof v === 'string',
  wandb_sample_interval: (v) => isInt(v, 1),
  wandb_sample_prompts: (v) => typeof v === 'string',
  wandb_save_interval: (v) => isInt(v, 1),
  skip_training_and_use_pretrained_hf_lora_url: (v) => typeof v === 'string',
};

/** A POSIX tar (ustar) like GNU `tar -cvf`: directory entries, then files, two zero blocks. */
export function tarOf(entries: { path: string; data?: Buffer }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const isDir = e.data === undefined;
    const data = e.data ?? Buffer.alloc(0);
    const h = Buffer.alloc(512, 0);
    h.write(e.path, 0, 100, 'utf8');
    h.write(isDir ? '0000755\0' : '0000644\0', 100);
    h.write('0001750\0', 108);
    h.write('0001750\0', 116);
    h.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    h.write(
      `${Math.floor(Date.now() / 1000)
        .toString(8)
        .padStart(11, '0')}\0`,
      136,
    );
    h.write('        ', 148);
    h.write(isDir ? '5' : '0', 156);
    h.write('ustar  \0', 257);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(h, data, Buffer.alloc((512 - (data.length % 512)) % 512, 0));
  }
  blocks.push(Buffer.alloc(1024, 0));
  return Buffer.concat(blocks);
}

/** flux-fine-tuner's output: output/flux_train_replicate/{lora.safetensors, config.yaml, captions/}. */
export function fluxFineTunerTar(opts: { withLora: boolean; captions?: number }): Buffer {
  const dir = 'output/flux_train_replicate/';
  const entries: { path: string; data?: Buffer }[] = [{ path: 'output/' }, { path: dir }];
  if (opts.withLora) entries.push({ path: `${dir}lora.safetensors`, data: DOUBLE_LORA });
  entries.push({
    path: `${dir}config.yaml`,
    data: Buffer.from('job: custom_job\nconfig:\n  name: flux_train_replicate\n'),
  });
  entries.push({ path: `${dir}captions/` });
  for (let i = 1; i <= (opts.captions ?? 2); i++)
    entries.push({
      path: `${dir}captions/image-${String(i).padStart(2, '0')}.txt`,
      data: Buffer.from(`a photo of TOK, picture ${i}`),
    });
  return tarOf(entries);
}

export function replicateId() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from(randomBytes(26), (b) => alphabet[b % 32]).join('');
}

/** Standard Webhooks signature, as replicate-javascript's validateWebhook checks it. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.split('_').pop()!, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** answers 422 with these invalid fields, and records a violation */
export type Invalid = (
  res: http.ServerResponse,
  fields: { type: string; field: string; description: string }[],
) => void;

export const send = (
  res: http.ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};
export const problem = (
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string,
  extra: Record<string, unknown> = {},
) => send(res, status, { title, detail, status, ...extra });

/** A training as the API shows it. */
export function trainingView(t: DoubleTraining, apiBase: string) {
  return {
    id: t.id,
    model: t.model,
    version: t.version,
    input: t.input,
    logs: t.logs,
    output: t.output,
    error: t.error,
    status: t.status,
    source: 'api',
    created_at: t.created_at,
    ...(t.started_at ? { started_at: t.started_at } : {}),
    ...(t.completed_at
      ? { completed_at: t.completed_at, metrics: { predict_time: 42.1, total_time: 50.3 } }
      : {}),
    ...(t.webhook ? { webhook: t.webhook, webhook_events_filter: t.webhook_events_filter } : {}),
    urls: { get: `${apiBase}/trainings/${t.id}`, cancel: `${apiBase}/trainings/${t.id}/cancel` },
  };
}

/** POST …/versions/{id}/trainings: its fields, the destination and the trainer's inputs */
export function checkTrainingBody(res: http.ServerResponse, body: any, invalid: Invalid): boolean {
  const fields: { type: string; field: string; description: string }[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    invalid(res, [{ type: 'invalid_type', field: '(root)', description: 'Invalid type. Expected: object' }]);
    return false;
  }
  for (const k of Object.keys(body))
    if (!TRAINING_FIELDS.includes(k))
      fields.push({
        type: 'additional_property_not_allowed',
        field: '(root)',
        description: `Additional property ${k} is not allowed`,
      });
  if (typeof body.destination !== 'string')
    fields.push({ type: 'required', field: 'destination', description: 'destination is required' });
  else if (!/^[a-z0-9][a-z0-9_.-]*\/[a-z0-9][a-z0-9_.-]*$/.test(body.destination))
    fields.push({
      type: 'pattern',
      field: 'destination',
      description: 'destination must be {owner}/{name}',
    });
  if (!body.input || typeof body.input !== 'object' || Array.isArray(body.input))
    fields.push({ type: 'required', field: 'input', description: 'input is required' });
  else {
    for (const [k, v] of Object.entries(body.input)) {
      const check = TRAINER_INPUTS[k];
      if (!check)
        fields.push({
          type: 'additional_property_not_allowed',
          field: 'input',
          description: `Additional property ${k} is not allowed`,
        });
      else if (!check(v))
        fields.push({ type: 'invalid_type', field: `input.${k}`, description: `Invalid value for ${k}` });
    }
    if (body.input.input_images === undefined)
      fields.push({
        type: 'required',
        field: 'input.input_images',
        description: 'input_images is required to train',
      });
  }
  if (body.webhook !== undefined) {
    let ok = false;
    try {
      ok = new URL(body.webhook).protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) fields.push({ type: 'format', field: 'webhook', description: 'webhook must be an HTTPS URL' });
  }
  if (body.webhook_events_filter !== undefined) {
    const f = body.webhook_events_filter;
    if (!Array.isArray(f))
      fields.push({
        type: 'invalid_type',
        field: 'webhook_events_filter',
        description: 'Invalid type. Expected: array',
      });
    else
      for (const [i, e] of f.entries())
        if (!WEBHOOK_EVENTS.includes(e))
          fields.push({
            type: 'enum',
            field: `webhook_events_filter.${i}`,
            description: `webhook_events_filter.${i} must be one of the following: "start", "output", "logs", "completed"`,
          });
  }
  if (fields.length) {
    invalid(res, fields);
    return false;
  }
  return true;
}

/** POST /v1/models: its fields */
export function checkModelBody(res: http.ServerResponse, body: any, invalid: Invalid): boolean {
  const fields: { type: string; field: string; description: string }[] = [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    invalid(res, [{ type: 'invalid_type', field: '(root)', description: 'Invalid type. Expected: object' }]);
    return false;
  }
  for (const k of Object.keys(body))
    if (!MODEL_CREATE_FIELDS.includes(k))
      fields.push({
        type: 'additional_property_not_allowed',
        field: '(root)',
        description: `Additional property ${k} is not allowed`,
      });
  for (const k of ['owner', 'name', 'visibility', 'hardware'])
    if (typeof body[k] !== 'string')
      fields.push({ type: 'required', field: k, description: `${k} is required` });
  if (typeof body.visibility === 'string' && !['public', 'private'].includes(body.visibility))
    fields.push({
      type: 'enum',
      field: 'visibility',
      description: 'visibility must be one of the following: "public", "private"',
    });
  if (typeof body.hardware === 'string' && !HARDWARE.includes(body.hardware))
    fields.push({
      type: 'enum',
      field: 'hardware',
      description: `hardware must be one of: ${HARDWARE.join(', ')} (GET /v1/hardware)`,
    });
  if (typeof body.name === 'string' && !/^[a-z0-9][a-z0-9_.-]{0,99}$/.test(body.name))
    fields.push({
      type: 'pattern',
      field: 'name',
      description: 'name may contain only lowercase letters, numbers, dashes, underscores and periods',
    });
  if (body.description !== undefined && typeof body.description !== 'string')
    fields.push({
      type: 'invalid_type',
      field: 'description',
      description: 'Invalid type. Expected: string',
    });
  if (fields.length) {
    invalid(res, fields);
    return false;
  }
  return true;
}
