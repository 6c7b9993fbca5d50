import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema/index';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { secondWorker } from '../../test/second-worker';
import { startStripeDouble, type StripeDouble } from '../../test/stripe-double';
import { drainQueue } from '../../test/until';
import { signUnsubscribeToken } from './unsubscribe-token';

const SECRET = 'sk_test_double_notify';
const WHSEC = 'whsec_double_notify';
let h: Harness;
let stripe: StripeDouble;
let webhookUrl: string;
let pkgs: { id: string; tokenAmount: number }[];

beforeAll(async () => {
  stripe = await startStripeDouble({ secretKey: SECRET, webhookSecret: WHSEC });
  h = await createHarness({
    STRIPE_SECRET_KEY: SECRET,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
    STRIPE_WEBHOOK_SECRET: WHSEC,
    STRIPE_API_URL: stripe.url,
  });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/api/webhooks/stripe`;
  const c = h.client();
  await c.register();
  pkgs = (await c.get('/api/token-packages')).json();
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

async function buy(c: Client) {
  const pi = (await c.post('/api/create-payment-intent', { packageId: pkgs[0].id })).json();
  stripe.pay(pi.paymentIntentId);
  return pi.paymentIntentId as string;
}
const mailsTo = async (email: string) => h.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('notifications', () => {
  it('a purchase replayed by webhooks under two workers notifies once and mails once', async () => {
    const b = secondWorker(h.deps);
    b.queue.start();
    try {
      const c = h.client();
      const me = await c.register();
      const pi = await buy(c);
      const hooks = await Promise.all(
        Array.from({ length: 8 }, () => stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi)),
      );
      for (const r of hooks) expect(r.status).toBe(200);
      await drainQueue(h.deps.db);
      const rows = await h.deps.db.select().from(notifications).where(eq(notifications.userId, me.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: 'purchase_credited', link: '/billing-history' });
      const mails = (await mailsTo(`${me.username}@example.com`)).filter((m) => m.subject === rows[0].title);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('tokens');
      expect(mails[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mails[0].headers?.['List-Unsubscribe']).toMatch(/^<http.+\/unsubscribe\?token=.+>$/);

      const list = (await c.get('/api/notifications')).json();
      expect(list).toMatchObject({ unread: 1, nextCursor: null });
      expect(list.notifications[0]).toMatchObject({ kind: 'purchase_credited', readAt: null });
      expect(Object.keys(list.notifications[0]).sort()).toEqual(
        ['body', 'createdAt', 'expiresAt', 'id', 'kind', 'link', 'readAt', 'title'].sort(),
      );

      // another person's ids change nothing
      const other = h.client();
      await other.register();
      const foreign = await other.post('/api/notifications/read', { ids: [rows[0].id] });
      expect(foreign.json()).toMatchObject({ unread: 0 });
      expect((await c.get('/api/notifications')).json().unread).toBe(1);

      const read = await c.post('/api/notifications/read', { ids: [rows[0].id] });
      expect(read.json()).toEqual({ success: true, unread: 0 });
      expect((await c.post('/api/notifications/read', {})).statusCode).toBe(400);
      expect((await c.post('/api/notifications/read', { all: true })).statusCode).toBe(200);
      expect((await h.client().get('/api/notifications')).statusCode).toBe(401);
    } finally {
      await b.queue.stop();
    }
  });

  it('one-click unsubscribe works without signing in, for its own kind only; forged tokens get 400', async () => {
    const c = h.client();
    const me = await c.register();
    const token = signUnsubscribeToken(h.config.sessionSecret, me.id, 'purchase_credited');
    const page = await h.client().get(`/unsubscribe?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button');
    // a GET changes nothing
    expect((await c.get('/api/notifications/preferences')).json().mail.purchase_credited).toBe(true);

    const post = await h.client().inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const prefs = (await c.get('/api/notifications/preferences')).json().mail;
    expect(prefs).toMatchObject({ purchase_credited: false, training_ready: true, support_ticket: true });

    const forged = token.replace('purchase_credited', 'training_ready');
    const bad = await h.client().inject({
      method: 'POST',
      url: `/unsubscribe?token=${forged}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(400);
    expect((await c.get('/api/notifications/preferences')).json().mail.training_ready).toBe(true);
    // a broken link: the page for a browser from the mail, the API's error body for anything else
    const broken = await h.client().inject({
      method: 'GET',
      url: '/unsubscribe?token=nope',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).toContain('Link not valid');
    const brokenApi = await h.client().get('/unsubscribe?token=nope');
    expect(brokenApi.statusCode).toBe(400);
    expect(brokenApi.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    // with the switch off a purchase still shows in the app but sends no mail
    await buy(c).then((pi) => stripe.sendWebhook(webhookUrl, 'payment_intent.succeeded', pi));
    await drainQueue(h.deps.db);
    const rows = await h.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, me.id), eq(notifications.kind, 'purchase_credited')));
    expect(rows).toHaveLength(1);
    expect((await mailsTo(`${me.username}@example.com`)).some((m) => m.subject === rows[0].title)).toBe(
      false,
    );

    const back = await c.patch('/api/notifications/preferences', { mail: { purchase_credited: true } });
    expect(back.json().mail.purchase_credited).toBe(true);
  });
});
