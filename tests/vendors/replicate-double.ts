import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountAndModelRoutes } from './replicate-models';
import {
  checkTrainingBody,
  type Delivery,
  type DoubleModel,
  type DoubleTraining,
  type EventType,
  fluxFineTunerTar,
  problem,
  type RecordedRequest,
  type ReplicateDoubleOptions,
  replicateId,
  send,
  signWebhook,
  TRAINER,
  trainingView,
} from './replicate-contract';

// A strict stand-in for Replicate's HTTP API: the contract it checks is written down in
// replicate-contract.ts, the model endpoints are in replicate-models.ts.

export {
  DOUBLE_LORA,
  fluxFineTunerTar,
  HARDWARE,
  signWebhook,
  tarOf,
  TRAINER,
  type Delivery,
  type DoubleStatus,
  type DoubleTraining,
  type RecordedRequest,
  type ReplicateDoubleOptions,
} from './replicate-contract';

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

  const view = (t: DoubleTraining) => trainingView(t, apiBase());
  const modelState = { models, username, modelLimit, removedVersions, violate, invalid };

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
    if (method === 'GET' && p === '/webhooks/default/secret') return send(res, 200, { key: webhookSecret });
    accountAndModelRoutes(modelState, res, method, p, body);
    if (res.writableEnded) return;
    if (method === 'POST' && (m = /^\/models\/([^/]+)\/([^/]+)\/versions\/([^/]+)\/trainings$/.exec(p))) {
      const key = `${m[1]}/${m[2]}`;
      const trainer = models.get(key);
      if (!trainer || !trainer.versions.some((v) => v.id === m![3])) {
        violate(`POST ${path}: no such trainer version`);
        return problem(res, 404, 'Not found', 'Invalid version or not permitted');
      }
      if (!checkTrainingBody(res, body, invalid)) return;
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
