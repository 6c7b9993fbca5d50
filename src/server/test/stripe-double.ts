import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Stripe's PaymentIntents API (create, retrieve) that also sends webhooks
// signed the way Stripe signs them: Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret, `${t}.${payload}`).

export type DoubleIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
  livemode: false;
};

export type StripeDouble = {
  url: string;
  intents: Map<string, DoubleIntent>;
  requests: { method: string; path: string; idempotencyKey?: string; auth?: string }[];
  /** every API answer is a 500 while true (provider outage) */
  down: boolean;
  /** the customer pays: the intent succeeds */
  pay(id: string): DoubleIntent;
  decline(id: string, code: 'card_declined' | 'insufficient_funds'): DoubleIntent;
  /** build and POST a signed event for this intent; `secret` overrides the signing secret */
  sendWebhook(target: string, type: string, intentId: string, opts?: { secret?: string; signature?: string }): Promise<{ status: number; body: string }>;
  signedEvent(type: string, intentId: string, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
};

/** Parses Stripe's form encoding (a=1&metadata[userId]=u&automatic_payment_methods[enabled]=true). */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out as Record<string, unknown>;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = (node[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, code } }));
}

export async function startStripeDouble(opts: { secretKey: string; webhookSecret: string }): Promise<StripeDouble> {
  const intents = new Map<string, DoubleIntent>();
  const byIdempotencyKey = new Map<string, DoubleIntent>();
  const requests: StripeDouble['requests'] = [];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey, auth: req.headers.authorization });
      if (double.down) return stripeError(res, 500, 'api_error', 'Stripe is having a bad day');
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      const send = (obj: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(JSON.stringify(obj));
      };
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) return send(byIdempotencyKey.get(idempotencyKey));
        const form = parseForm(body);
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return stripeError(res, 400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small');
        }
        if (typeof form.currency !== 'string') return stripeError(res, 400, 'invalid_request_error', 'Missing required param: currency.', 'parameter_missing');
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: DoubleIntent = {
          id,
          object: 'payment_intent',
          amount,
          currency: form.currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata: (form.metadata as Record<string, string>) ?? {},
          description: typeof form.description === 'string' ? form.description : null,
          last_payment_error: null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(intent);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(decodeURIComponent(m[1]));
        if (!intent) return stripeError(res, 404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, 'resource_missing');
        return send(intent);
      }
      return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const mustGet = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    return intent;
  };

  const signedEvent = (type: string, intentId: string, secret = opts.webhookSecret) => {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object: mustGet(intentId) },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    return { payload, signature: `t=${t},v1=${v1}` };
  };

  const double: StripeDouble = {
    url: `http://127.0.0.1:${port}`,
    intents,
    requests,
    down: false,
    pay(id) {
      const intent = mustGet(id);
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      return intent;
    },
    decline(id, code) {
      const intent = mustGet(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: code === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline',
        message: code === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      };
      return intent;
    },
    signedEvent,
    async sendWebhook(target, type, intentId, o = {}) {
      const { payload, signature } = signedEvent(type, intentId, o.secret);
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': o.signature ?? signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return double;
}
