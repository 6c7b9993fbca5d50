import { randomUUID } from 'node:crypto';
import { like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema/users';
import { createHarness, type Harness } from '../test/harness';

// Issue 13, point 1: per-IP limits key on request.ip, so X-Forwarded-For counts only from a trusted proxy.

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Failed logins, each for a new name (no per-name throttle) and from a new forwarded address. */
async function rotatingFailures(harness: Harness, n: number) {
  const codes: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      payload: { username: `nobody_${randomUUID().slice(0, 8)}`, password: 'wrongpass1' },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

const ipKeys = async (harness: Harness) =>
  (await harness.deps.db.select().from(rateLimits).where(like(rateLimits.key, 'login:ip:%'))).map(
    (r) => r.key,
  );

describe('TRUST_PROXY', () => {
  it('unset: a rotating X-Forwarded-For still meets the per-IP login limit (the socket address counts)', async () => {
    h = await createHarness();
    const codes = await rotatingFailures(h, 35);
    expect(codes).toContain(429);
    expect(await ipKeys(h)).toEqual(['login:ip:127.0.0.1']);
  });

  it('TRUST_PROXY=1: the address the proxy forwarded is the client', async () => {
    h = await createHarness({ TRUST_PROXY: '1' });
    const codes = await rotatingFailures(h, 3);
    expect(codes).toEqual([401, 401, 401]);
    expect((await ipKeys(h)).sort()).toEqual([
      'login:ip:203.0.113.1',
      'login:ip:203.0.113.2',
      'login:ip:203.0.113.3',
    ]);
  });

  it('a list of proxy addresses trusts the header only from those proxies', async () => {
    h = await createHarness({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7' });
    // inject's socket is 127.0.0.1, which is not in the list: the header is ignored
    await rotatingFailures(h, 2);
    expect(await ipKeys(h)).toEqual(['login:ip:127.0.0.1']);
  });

  it('unset: sign-ups with a rotating X-Forwarded-For meet the per-IP sign-up limit (no farm of free tokens)', async () => {
    h = await createHarness();
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) {
      const name = `farm_${randomUUID().slice(0, 8)}`;
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { username: name, email: `${name}@example.com`, password: 'Harbor-Lamp-42' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  }, 60_000);
});
