import autocannon from 'autocannon';
import { startServer } from '../tests/e2e/support/server';

type Json = Record<string, any>;

/** Token purchases on the offline provider: checkout latency, duplicate reports, billing reads. */
export async function run(): Promise<Record<string, number | string>> {
  const server = await startServer({ LOG_LEVEL: 'warn' });
  try {
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'bench_buyer',
        email: 'bench_buyer@example.com',
        password: 'Harbor-Lamp-42',
      }),
    });
    const cookie = (reg.headers.get('set-cookie') ?? '').split(';')[0];
    const call = async (
      method: string,
      path: string,
      body?: unknown,
    ): Promise<{ status: number; json: Json }> => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: (await res.json()) as Json };
    };
    const packages = (await call('GET', '/api/token-packages')).json as unknown as {
      id: string;
      tokenAmount: number;
    }[];
    const pkg = packages[0];

    // 1. a whole checkout, one after another: create intent → card confirm → purchase call
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const t = performance.now();
      const pi = (await call('POST', '/api/create-payment-intent', { packageId: pkg.id })).json;
      await call('POST', '/api/payments/offline/confirm', {
        paymentIntentId: pi.paymentIntentId,
        cardNumber: '4242424242424242',
      });
      const done = await call('POST', '/api/purchase-tokens', {
        packageId: pkg.id,
        paymentIntentId: pi.paymentIntentId,
      });
      if (done.status !== 200) throw new Error(`purchase failed: ${done.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);

    // 2. one paid payment reported 50 times at once
    const pi = (await call('POST', '/api/create-payment-intent', { packageId: pkg.id })).json;
    await call('POST', '/api/payments/offline/confirm', {
      paymentIntentId: pi.paymentIntentId,
      cardNumber: '4242424242424242',
    });
    const t2 = performance.now();
    const reports = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/api/purchase-tokens', { packageId: pkg.id, paymentIntentId: pi.paymentIntentId }),
      ),
    );
    const burstMs = performance.now() - t2;
    const ids = new Set(reports.map((r) => r.json.transaction?.id));
    const summary = (await call('GET', '/api/transactions/summary')).json;
    const expected = 50 + 31 * pkg.tokenAmount;

    // 3. billing history reads
    const list = await autocannon({
      url: `${server.url}/api/transactions?limit=50`,
      connections: 10,
      duration: 5,
      headers: { cookie },
    });
    const sum = await autocannon({
      url: `${server.url}/api/transactions/summary`,
      connections: 10,
      duration: 5,
      headers: { cookie },
    });

    return {
      'checkout round trip p50 (ms)': Math.round(times[Math.floor(times.length / 2)]),
      'checkout round trip p95 (ms)': Math.round(times[Math.floor(times.length * 0.95)]),
      '50 concurrent reports of one payment (ms)': Math.round(burstMs),
      'distinct transactions from 50 reports': ids.size,
      'balance equals expected':
        summary.balance === expected ? 'yes' : `no (${summary.balance} vs ${expected})`,
      'GET /api/transactions req/s': Math.round(list.requests.average),
      'GET /api/transactions p99 (ms)': list.latency.p99,
      'GET /api/transactions/summary req/s': Math.round(sum.requests.average),
      'transactions errors': list.errors + list.non2xx + sum.errors + sum.non2xx,
    };
  } finally {
    await server.stop();
  }
}
