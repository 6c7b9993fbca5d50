import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DoubleCharge, DoubleDispute, DoubleIntent, DoubleRefund, StripeDouble } from './stripe-objects';

export type { DoubleCharge, DoubleDispute, DoubleIntent, DoubleRefund, StripeDouble } from './stripe-objects';

// A local stand-in for Stripe's PaymentIntents API (create, retrieve), charges, refunds (list by
// charge) and disputes (retrieve), that also sends webhooks
// signed the way Stripe signs them: Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret, `${t}.${payload}`).

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

export async function startStripeDouble(opts: {
  secretKey: string;
  webhookSecret: string;
}): Promise<StripeDouble> {
  const intents = new Map<string, DoubleIntent>();
  const charges = new Map<string, DoubleCharge>();
  const refunds = new Map<string, DoubleRefund>();
  const disputes = new Map<string, DoubleDispute>();
  const byIdempotencyKey = new Map<string, DoubleIntent>();
  const requests: StripeDouble['requests'] = [];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://double');
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey,
        auth: req.headers.authorization,
      });
      if (double.down) return stripeError(res, 500, 'api_error', 'Stripe is having a bad day');
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) {
        return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      const send = (obj: unknown) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(obj));
      };
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        if (idempotencyKey && byIdempotencyKey.has(idempotencyKey))
          return send(byIdempotencyKey.get(idempotencyKey));
        const form = parseForm(body);
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'Amount must be at least $0.50 usd',
            'amount_too_small',
          );
        }
        if (typeof form.currency !== 'string')
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'Missing required param: currency.',
            'parameter_missing',
          );
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
          latest_charge: null,
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(intent);
      }
      const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(decodeURIComponent(m[1]));
        if (!intent)
          return stripeError(
            res,
            404,
            'invalid_request_error',
            `No such payment_intent: '${m[1]}'`,
            'resource_missing',
          );
        return send(intent);
      }
      const byId = <T>(re: RegExp, map: Map<string, T>, kind: string) => {
        const hit = re.exec(url.pathname);
        if (req.method !== 'GET' || !hit) return false;
        const obj = map.get(decodeURIComponent(hit[1]));
        if (!obj)
          stripeError(res, 404, 'invalid_request_error', `No such ${kind}: '${hit[1]}'`, 'resource_missing');
        else send(obj);
        return true;
      };
      if (byId(/^\/v1\/charges\/([^/]+)$/, charges, 'charge')) return;
      if (byId(/^\/v1\/disputes\/([^/]+)$/, disputes, 'dispute')) return;
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const charge = url.searchParams.get('charge');
        const limit = Number(url.searchParams.get('limit') ?? 10);
        if (!Number.isInteger(limit) || limit < 1 || limit > 100)
          return stripeError(
            res,
            400,
            'invalid_request_error',
            'Invalid integer: limit',
            'parameter_invalid_integer',
          );
        // newest first, like every Stripe list
        const all = [...refunds.values()]
          .filter((r) => !charge || r.charge === charge)
          .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
        const after = url.searchParams.get('starting_after');
        const from = after ? all.findIndex((r) => r.id === after) + 1 : 0;
        const data = all.slice(from, from + limit);
        return send({ object: 'list', url: '/v1/refunds', has_more: from + limit < all.length, data });
      }
      return stripeError(
        res,
        404,
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${url.pathname})`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const mustGet = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    return intent;
  };

  const signObject = (
    type: string,
    object: unknown,
    secret = opts.webhookSecret,
    id = `evt_${randomBytes(12).toString('hex')}`,
  ) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object },
    });
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
    return { payload, signature: `t=${t},v1=${v1}` };
  };
  const signedEvent = (type: string, intentId: string, secret = opts.webhookSecret) =>
    signObject(type, mustGet(intentId), secret);
  const post = async (target: string, payload: string, signature: string) => {
    const res = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  };
  const chargeOf = (intentId: string) => {
    const intent = mustGet(intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (!charge) throw new Error(`intent ${intentId} has no charge`);
    return charge;
  };

  const double: StripeDouble = {
    url: `http://127.0.0.1:${port}`,
    intents,
    charges,
    refunds,
    disputes,
    requests,
    down: false,
    pay(id) {
      const intent = mustGet(id);
      intent.status = 'succeeded';
      intent.last_payment_error = null;
      if (!intent.latest_charge) {
        const charge: DoubleCharge = {
          id: `ch_${randomBytes(12).toString('hex')}`,
          object: 'charge',
          amount: intent.amount,
          amount_refunded: 0,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          paid: true,
          captured: true,
          refunded: false,
          disputed: false,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        charges.set(charge.id, charge);
        intent.latest_charge = charge.id;
      }
      return intent;
    },
    refund(intentId, amount, status = 'succeeded') {
      const charge = chargeOf(intentId);
      const left = charge.amount - charge.amount_refunded;
      const value = amount ?? left;
      // Stripe refuses more than what is left, and refunds of a disputed charge
      if (!Number.isInteger(value) || value < 1 || value > left)
        throw new Error(
          `Refund amount ($${value / 100}) is greater than unrefunded amount on charge ($${left / 100})`,
        );
      if (charge.disputed)
        throw new Error(`Charge ${charge.id} has been charged back; cannot issue a refund.`);
      const refund: DoubleRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount: value,
        charge: charge.id,
        payment_intent: intentId,
        currency: charge.currency,
        status,
        reason: 'requested_by_customer',
        created: Math.floor(Date.now() / 1000) + refunds.size,
      };
      refunds.set(refund.id, refund);
      if (status === 'succeeded' || status === 'pending') {
        charge.amount_refunded += value;
        charge.refunded = charge.amount_refunded === charge.amount;
      }
      return refund;
    },
    dispute(intentId, o = {}) {
      const charge = chargeOf(intentId);
      const d: DoubleDispute = {
        id: `dp_${randomBytes(12).toString('hex')}`,
        object: 'dispute',
        amount: o.amount ?? charge.amount - charge.amount_refunded,
        charge: charge.id,
        payment_intent: intentId,
        currency: charge.currency,
        status: o.status ?? 'needs_response',
        reason: o.reason ?? 'fraudulent',
        is_charge_refundable: false,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      disputes.set(d.id, d);
      charge.disputed = true;
      return d;
    },
    async sendEvent(target, type, object, o = {}) {
      const { payload, signature } = signObject(type, object, opts.webhookSecret, o.id);
      return post(target, payload, signature);
    },
    decline(id, code) {
      const intent = mustGet(id);
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: code === 'insufficient_funds' ? 'insufficient_funds' : 'generic_decline',
        message:
          code === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      };
      return intent;
    },
    signedEvent,
    async sendWebhook(target, type, intentId, o = {}) {
      const { payload, signature } = signedEvent(type, intentId, o.secret);
      return post(target, payload, o.signature ?? signature);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return double;
}
