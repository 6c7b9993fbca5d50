import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A strict stand-in for Replicate's HTTP API (https://api.replicate.com/v1), written from Replicate's
// own contract, not from our adapter: the OpenAPI description of the HTTP API, the
// replicate-javascript client (lib/trainings.js, lib/models.js, lib/util.js validateWebhook,
// index.d.ts) and replicate/flux-fine-tuner's train.py (inputs, output tar). Every request is checked;
// what breaks the contract is answered the way Replicate answers it AND recorded as a violation, so a
// test fails even when the adapter happens to cope with the error.

export type DoubleStatus = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
type EventType = 'start' | 'output' | 'logs' | 'completed';

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

type DoubleModel = {
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
const WEBHOOK_EVENTS: EventType[] = ['start', 'output', 'logs', 'completed'];
const MODEL_CREATE_FIELDS = [
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
const TRAINING_FIELDS = ['destination', 'input', 'webhook', 'webhook_events_filter'];
const OPTIMIZERS = [
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
const isInt = (v: unknown, lo = -Infinity, hi = Infinity) =>
  Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const TRAINER_INPUTS: Record<string, (v: unknown) => boolean> = {
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

function replicateId() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from(randomBytes(26), (b) => alphabet[b % 32]).join('');
}

/** Standard Webhooks signature, as replicate-javascript's validateWebhook checks it. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.split('_').pop()!, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type ReplicateDouble = Awaited<ReturnType<typeof startReplicateDouble>>;

export async function startReplicateDouble(options: ReplicateDoubleOptions = {}) {
  const token = options.token ?? 'r8_double_token';
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('base64')}`;
  const username = options.username ?? 'acme';
  const pollsToProcess = options.pollsToProcess ?? 1;
  const pollsToFinish = options.pollsToFinish ?? 4;
  const modelLimit = options.modelLimit ?? 1000;
  const trainerVersion = randomBytes(32).toString('hex');
  const models = new Map<string, DoubleModel>();
  const trainings = new Map<string, DoubleTraining>();
  const requests: RecordedRequest[] = [];
  /** versions removed through `DELETE /v1/models/{owner}/{name}/versions/{id}` (account deletion) */
  const removedVersions: string[] = [];
  const deliveryRequests: { path: string; auth?: string }[] = [];
  const deliveries: Delivery[] = [];
  const violations: string[] = [];
  const pendingWebhooks: Promise<void>[] = [];
  const tars = new Map<string, Buffer>();
  let throttle: { remaining: number; retryAfterSec: number; until: number } | null = null;
  let outage = 0;
  let dropCreateAnswer = false;
  let nextOutcome: DoubleTraining['outcome'] = 'succeeded';

  models.set(TRAINER, {
    owner: 'ostris',
    name: 'flux-dev-lora-trainer',
    visibility: 'public',
    hardware: 'gpu-h100',
    description: 'FLUX.1-dev LoRA trainer',
    versions: [{ id: trainerVersion, created_at: new Date().toISOString() }],
  });

  const violate = (what: string) => violations.push(what);
  const send = (
    res: http.ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const problem = (
    res: http.ServerResponse,
    status: number,
    title: string,
    detail: string,
    extra: Record<string, unknown> = {},
  ) => send(res, status, { title, detail, status, ...extra });
  /** 422 as Replicate answers invalid input: problem details with `invalid_fields` */
  const invalid = (
    res: http.ServerResponse,
    fields: { type: string; field: string; description: string }[],
  ) => {
    violate(`422: ${fields.map((f) => `${f.field}: ${f.description}`).join('; ')}`);
    problem(
      res,
      422,
      'Input validation failed',
      fields.map((f) => `- ${f.field}: ${f.description}`).join('\n'),
      { invalid_fields: fields },
    );
  };

  const apiBase = () => `http://127.0.0.1:${(api.address() as AddressInfo).port}/v1`;
  const deliveryBase = () => `http://127.0.0.1:${(delivery.address() as AddressInfo).port}`;

  function view(t: DoubleTraining) {
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
      urls: { get: `${apiBase()}/trainings/${t.id}`, cancel: `${apiBase()}/trainings/${t.id}/cancel` },
    };
  }

  async function deliver(t: DoubleTraining, event: EventType) {
    if (!t.webhook) return;
    const filter = t.webhook_events_filter ?? ['output', 'completed'];
    if (!filter.includes(event)) return;
    const body = JSON.stringify(view(t));
    const webhookId = `msg_${randomBytes(12).toString('hex')}`;
    const post = async () => {
      const ts = Math.floor(Date.now() / 1000);
      let status = 0;
      try {
        const res = await fetch((options.deliverTo ?? ((u) => u))(t.webhook!), {
          method: 'POST',
          // Replicate does not follow redirects
          redirect: 'manual',
          headers: {
            'content-type': 'application/json',
            'webhook-id': webhookId,
            'webhook-timestamp': String(ts),
            'webhook-signature': signWebhook(webhookSecret, webhookId, ts, body),
          },
          body,
        });
        status = res.status;
        await res.text();
      } catch {
        status = -1;
      }
      deliveries.push({ trainingId: t.id, event, status, webhookId });
    };
    await post();
    if (options.duplicateWebhooks) await post();
  }

  const held = new Map<string, DoubleTraining>();
  function fire(t: DoubleTraining, event: EventType) {
    if (options.outOfOrderWebhooks && event === 'start') {
      // the snapshot as it was at the start, delivered after `completed`
      held.set(t.id, { ...t });
      return;
    }
    const p = (async () => {
      await deliver(t, event);
      const early = held.get(t.id);
      if (event === 'completed' && early) {
        held.delete(t.id);
        await deliver(early, 'start');
      }
    })();
    pendingWebhooks.push(p);
  }

  function advance(t: DoubleTraining) {
    if (t.status === 'succeeded' || t.status === 'failed' || t.status === 'canceled') return;
    t.polls++;
    if (t.status === 'starting' && t.polls >= pollsToProcess) {
      t.status = 'processing';
      t.started_at = new Date().toISOString();
      t.logs =
        'Downloading training images from input_images...\nLoading checkpoint shards: 100%|##########| 3/3 [00:05<00:00, 1.6s/it]\n';
      fire(t, 'start');
      return;
    }
    if (t.status !== 'processing') return;
    const steps = Number(t.input.steps ?? 1000);
    const step = Math.min(steps, Math.round(((t.polls - pollsToProcess) / pollsToFinish) * steps));
    const pct = Math.floor((step / steps) * 100);
    t.logs += `flux_train_replicate: ${String(pct).padStart(3)}%|#####     | ${step}/${steps} [01:00<01:00, 1.50it/s, lr: 4.0e-04 loss: 3.5e-01]\n`;
    if (t.polls - pollsToProcess < pollsToFinish) return;
    t.completed_at = new Date().toISOString();
    if (t.outcome === 'failed') {
      t.status = 'failed';
      t.error = 'CUDA out of memory';
    } else {
      t.status = 'succeeded';
      const versionId = randomBytes(32).toString('hex');
      models.get(t.destination)?.versions.unshift({ id: versionId, created_at: t.completed_at });
      const file = `/pbxt/${randomBytes(8).toString('hex')}/trained_model.tar`;
      tars.set(file, fluxFineTunerTar({ withLora: t.outcome !== 'no-lora' }));
      t.output = { version: `${t.destination}:${versionId}`, weights: `${deliveryBase()}${file}` };
      t.logs += 'Saving LoRA weights\n';
    }
    fire(t, 'completed');
  }

  function checkTrainingBody(res: http.ServerResponse, body: any): boolean {
    const fields: { type: string; field: string; description: string }[] = [];
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      invalid(res, [
        { type: 'invalid_type', field: '(root)', description: 'Invalid type. Expected: object' },
      ]);
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

  function checkModelBody(res: http.ServerResponse, body: any): boolean {
    const fields: { type: string; field: string; description: string }[] = [];
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      invalid(res, [
        { type: 'invalid_type', field: '(root)', description: 'Invalid type. Expected: object' },
      ]);
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

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://double');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    let body: unknown;
    if (raw) {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        violate(`${method} ${path}: body sent without Content-Type: application/json`);
      try {
        body = JSON.parse(raw);
      } catch {
        violate(`${method} ${path}: body is not JSON`);
        return problem(res, 400, 'Bad request', 'Request body is not valid JSON');
      }
    }
    requests.push({ method, path: path + url.search, auth: req.headers.authorization, body, at: Date.now() });
    if (req.headers.authorization !== `Bearer ${token}`) {
      violate(`${method} ${path}: missing or wrong Authorization: Bearer token`);
      return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');
    }
    if (throttle) {
      if (throttle.remaining > 0) {
        throttle.remaining--;
        throttle.until = Date.now() + throttle.retryAfterSec * 1000;
        return send(
          res,
          429,
          {
            detail: `Request was throttled. Your rate limit resets in ~${throttle.retryAfterSec}s.`,
            status: 429,
          },
          { 'retry-after': String(throttle.retryAfterSec) },
        );
      }
      // 50 ms of slack for clocks and scheduling
      if (Date.now() < throttle.until - 50) violate(`${method} ${path}: sent before Retry-After elapsed`);
      throttle = null;
    }
    if (outage > 0) {
      outage--;
      return problem(res, 502, 'Bad Gateway', 'upstream error');
    }
    const recent = requests.filter((r) => r.at > Date.now() - 60_000).length;
    if (recent > 3000) {
      violate('more than 3000 requests in a minute (Replicate rate limit)');
      return send(res, 429, { detail: 'Request was throttled.', status: 429 }, { 'retry-after': '5' });
    }
    if (!path.startsWith('/v1/')) {
      violate(`${method} ${path}: not under the /v1 base URL`);
      return problem(res, 404, 'Not found', 'Not found.');
    }
    const p = path.slice(3);
    let m: RegExpExecArray | null;
    if (method === 'GET' && p === '/account')
      return send(res, 200, {
        type: 'organization',
        username,
        name: 'Acme Corp, Inc.',
        github_url: 'https://github.com/acme',
      });
    if (method === 'GET' && p === '/hardware')
      return send(
        res,
        200,
        HARDWARE.map((sku) => ({ sku, name: sku })),
      );
    if (method === 'GET' && p === '/webhooks/default/secret') return send(res, 200, { key: webhookSecret });
    if (method === 'POST' && p === '/models') {
      if (!checkModelBody(res, body)) return;
      const b = body as {
        owner: string;
        name: string;
        visibility: 'public' | 'private';
        hardware: string;
        description?: string;
      };
      if (b.owner !== username) {
        violate(`POST /v1/models: owner ${b.owner} is not the token's account`);
        return problem(res, 403, 'Forbidden', 'You do not have permission to create models for this owner.');
      }
      const key = `${b.owner}/${b.name}`;
      if (models.has(key))
        return problem(res, 409, 'Conflict', 'A model with that name and owner already exists.');
      const owned = [...models.values()].filter((x) => x.owner === username).length;
      if (owned >= modelLimit) {
        violate(`POST /v1/models: account model limit (${modelLimit}) reached`);
        return problem(
          res,
          403,
          'Forbidden',
          `You have reached the limit of ${modelLimit} models for this account.`,
        );
      }
      const model: DoubleModel = {
        owner: b.owner,
        name: b.name,
        visibility: b.visibility,
        hardware: b.hardware,
        description: b.description ?? null,
        versions: [],
      };
      models.set(key, model);
      return send(res, 201, {
        url: `https://replicate.com/${key}`,
        owner: b.owner,
        name: b.name,
        description: model.description,
        visibility: b.visibility,
        github_url: null,
        paper_url: null,
        license_url: null,
        run_count: 0,
        cover_image_url: null,
        default_example: null,
        latest_version: null,
      });
    }
    if ((m = /^\/models\/([^/]+)\/([^/]+)$/.exec(p))) {
      const key = `${m[1]}/${m[2]}`;
      const model = models.get(key);
      if (!model) return problem(res, 404, 'Not found', 'Not found.');
      if (method === 'GET')
        return send(res, 200, {
          url: `https://replicate.com/${key}`,
          owner: model.owner,
          name: model.name,
          description: model.description,
          visibility: model.visibility,
          run_count: 0,
          latest_version: model.versions[0]
            ? { ...model.versions[0], cog_version: '0.9.0', openapi_schema: {} }
            : null,
        });
      if (method === 'DELETE') {
        if (model.owner !== username || model.visibility !== 'private')
          return problem(res, 403, 'Forbidden', 'You can only delete private models you own.');
        if (model.versions.length)
          return problem(res, 409, 'Conflict', 'You can only delete models that have no versions.');
        models.delete(key);
        return send(res, 204);
      }
    }
    if (method === 'GET' && (m = /^\/models\/([^/]+)\/([^/]+)\/versions$/.exec(p))) {
      const model = models.get(`${m[1]}/${m[2]}`);
      if (!model) return problem(res, 404, 'Not found', 'Not found.');
      return send(res, 200, {
        next: null,
        previous: null,
        results: model.versions.map((v) => ({ ...v, cog_version: '0.9.0', openapi_schema: {} })),
      });
    }
    if (method === 'DELETE' && (m = /^\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)$/.exec(p))) {
      const model = models.get(`${m[1]}/${m[2]}`);
      const i = model?.versions.findIndex((v) => v.id === m![3]) ?? -1;
      if (!model || i < 0) return problem(res, 404, 'Not found', 'Not found.');
      if (model.owner !== username || model.visibility !== 'private')
        return problem(res, 403, 'Forbidden', 'You can only delete versions from private models you own.');
      model.versions.splice(i, 1);
      removedVersions.push(`${m[1]}/${m[2]}:${m[3]}`);
      return send(res, 202);
    }
    if (method === 'POST' && (m = /^\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)\/trainings$/.exec(p))) {
      const key = `${m[1]}/${m[2]}`;
      const trainer = models.get(key);
      if (!trainer || !trainer.versions.some((v) => v.id === m![3])) {
        violate(`POST ${path}: no such trainer version`);
        return problem(res, 404, 'Not found', 'Invalid version or not permitted');
      }
      if (!checkTrainingBody(res, body)) return;
      const b = body as {
        destination: string;
        input: Record<string, unknown>;
        webhook?: string;
        webhook_events_filter?: EventType[];
      };
      const dest = models.get(b.destination);
      if (!dest || dest.owner !== username) {
        violate(`POST ${path}: destination ${b.destination} does not exist or is not owned by the account`);
        return problem(res, 404, 'Not found', 'The specified training destination does not exist');
      }
      const t: DoubleTraining = {
        id: replicateId(),
        model: key,
        version: m[3],
        destination: b.destination,
        input: b.input,
        status: 'starting',
        logs: '',
        error: null,
        output: null,
        webhook: b.webhook,
        webhook_events_filter: b.webhook_events_filter,
        created_at: new Date().toISOString(),
        polls: 0,
        outcome: nextOutcome,
      };
      nextOutcome = 'succeeded';
      trainings.set(t.id, t);
      if (dropCreateAnswer) {
        // created and billed, but the answer never arrives (connection reset)
        dropCreateAnswer = false;
        res.socket?.destroy();
        return;
      }
      // the create answer's urls point at /predictions (a documented quirk of the API)
      return send(res, 201, {
        ...view(t),
        urls: { get: `${apiBase()}/predictions/${t.id}`, cancel: `${apiBase()}/predictions/${t.id}/cancel` },
      });
    }
    if (method === 'GET' && p === '/trainings') {
      const all = [...trainings.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      const from = Number(url.searchParams.get('cursor') ?? 0) || 0;
      const page = all.slice(from, from + 100);
      return send(res, 200, {
        next: from + 100 < all.length ? `${apiBase()}/trainings?cursor=${from + 100}` : null,
        previous: null,
        results: page.map(view),
      });
    }
    if ((m = /^\/trainings\/([^/]+)(\/cancel)?$/.exec(p))) {
      const t = trainings.get(m[1]);
      if (!t) return problem(res, 404, 'Not found', 'Not found.');
      if (method === 'GET' && !m[2]) {
        advance(t);
        return send(res, 200, view(t));
      }
      if (method === 'POST' && m[2]) {
        if (t.status === 'starting' || t.status === 'processing') {
          t.status = 'canceled';
          t.completed_at = new Date().toISOString();
          fire(t, 'completed');
        }
        return send(res, 200, view(t));
      }
    }
    violate(`${method} ${path}: not an endpoint of the Replicate API`);
    return problem(res, 404, 'Not found', 'Not found.');
  }

  const api = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      handle(req, res, raw).catch((err) => {
        violate(`double crashed: ${String(err)}`);
        problem(res, 500, 'Internal Server Error', 'double crashed');
      });
    });
  });
  // replicate.delivery: public file URLs, another origin; our API token must never be sent there
  const delivery = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://delivery').pathname;
    deliveryRequests.push({ path, auth: req.headers.authorization });
    if (req.headers.authorization) {
      violate(
        `GET ${path} on the delivery host carried an Authorization header (token leaked to a file host)`,
      );
      res.writeHead(400, { 'content-type': 'text/plain' });
      return res.end('Authorization not accepted here');
    }
    const tar = tars.get(path);
    if (!tar) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': String(tar.length) });
    res.end(tar);
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => delivery.listen(0, '127.0.0.1', r));

  return {
    /** behaviour switches a test may flip between cases (duplicateWebhooks, outOfOrderWebhooks) */
    options,
    /** the base URL as Replicate documents it (…/v1) */
    url: apiBase(),
    deliveryUrl: deliveryBase(),
    token,
    webhookSecret,
    username,
    trainerVersion,
    models,
    trainings,
    requests,
    removedVersions,
    deliveryRequests,
    deliveries,
    violations,
    /** the next `count` API requests answer 429 with Retry-After (then the client must wait) */
    throttleNext(count: number, retryAfterSec = 1) {
      throttle = { remaining: count, retryAfterSec, until: 0 };
    },
    /** the next `count` API requests fail with 502 (a GET may be retried; a create must not be repeated blindly) */
    failNext(count: number) {
      outage = count;
    },
    /** the next training create is carried out but its answer is lost (the connection drops) */
    loseNextCreateAnswer() {
      dropCreateAnswer = true;
    },
    /** how the next created training ends */
    nextTrainingEnds(outcome: DoubleTraining['outcome']) {
      nextOutcome = outcome;
    },
    /** billable creates so far */
    created: () => trainings.size,
    /** waits for webhook deliveries in flight */
    async settled() {
      while (pendingWebhooks.length) await Promise.all(pendingWebhooks.splice(0));
    },
    /** throws, listing them, when anything broke Replicate's contract; then forgets them */
    assertNoViolations() {
      const v = violations.splice(0);
      if (v.length) throw new Error(`Replicate contract violations:\n- ${v.join('\n- ')}`);
    },
    /** the violations so far, forgotten (for tests that break the contract on purpose) */
    takeViolations: () => violations.splice(0),
    close: async () => {
      await Promise.allSettled(pendingWebhooks);
      await Promise.all([new Promise((r) => api.close(r)), new Promise((r) => delivery.close(r))]);
    },
  };
}
