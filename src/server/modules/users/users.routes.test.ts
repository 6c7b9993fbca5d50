import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('settings endpoints', () => {
  it('updates the profile, refusing taken names and bad input without changing anything', async () => {
    const a = h.client();
    await a.register('prof_a');
    await h.client().register('prof_b');
    const ok = await a.patch('/api/user/profile', {
      username: 'prof_a2',
      email: 'new_a@example.com',
      currentPassword: 'Harbor-Lamp-42',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      username: 'prof_a2',
      email: 'new_a@example.com',
      user: { emailVerified: false },
    });
    const taken = await a.patch('/api/user/profile', { username: 'PROF_B', email: 'new_a@example.com' });
    expect(taken.statusCode).toBe(409);
    const bad = await a.patch('/api/user/profile', { username: 'x', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
    });
    expect((await a.get('/api/auth/user')).json().user.username).toBe('prof_a2');
    expect(
      (await h.client().patch('/api/user/profile', { username: 'zzz', email: 'z@example.com' })).statusCode,
    ).toBe(401);
  });

  it('changes the password only with the current one and ends other sessions', async () => {
    const a = h.client();
    await a.register('pw_user', 'Harbor-Lamp-42');
    const other = h.client();
    await other.login('pw_user', 'Harbor-Lamp-42');
    const wrong = await a.post('/api/user/change-password', {
      currentPassword: 'nottheone1',
      newPassword: 'Another123',
    });
    expect(wrong.statusCode).toBe(400);
    const weak = await a.post('/api/user/change-password', {
      currentPassword: 'Harbor-Lamp-42',
      newPassword: 'letters',
    });
    expect(weak.json().error).toBe('Password must be at least 8 characters');
    const ok = await a.post('/api/user/change-password', {
      currentPassword: 'Harbor-Lamp-42',
      newPassword: 'Another123',
    });
    expect(ok.statusCode).toBe(200);
    expect((await a.get('/api/auth/user')).statusCode).toBe(200);
    expect((await other.get('/api/auth/user')).statusCode).toBe(401);
    await h.client().login('pw_user', 'Another123');
  });

  it('changes the e-mail only with the current password and lets the old address undo it', async () => {
    const victim = h.client();
    const me = await victim.register('reauth_victim');
    // the undo link goes only to an address its owner verified (issue 28, point 2)
    await h.deps.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.id));
    const thief = h.client();
    await thief.login('reauth_victim', 'Harbor-Lamp-42');
    // a stolen session alone cannot move the account to another mailbox
    const bare = await thief.patch('/api/user/profile', {
      username: 'reauth_victim',
      email: 'thief@example.com',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields).toEqual({ currentPassword: 'Current password is required' });
    // renaming alone needs no password
    expect(
      (
        await victim.patch('/api/user/profile', {
          username: 'reauth_victim2',
          email: 'reauth_victim@example.com',
        })
      ).statusCode,
    ).toBe(200);

    const moved = await thief.patch('/api/user/profile', {
      username: 'reauth_victim2',
      email: 'thief@example.com',
      currentPassword: 'Harbor-Lamp-42',
    });
    expect(moved.statusCode).toBe(200);
    const [notice] = await h.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'reauth_victim@example.com'))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    expect(notice.subject).toBe('The e-mail of your LoRA Studio account was changed');
    expect(notice.text).toContain('thief@example.com');
    const token = /revert-email-change\?token=([A-Za-z0-9_-]+)/.exec(notice.text)?.[1];
    expect(token).toBeDefined();
    // the new address is asked to verify
    expect(
      await h.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'thief@example.com')),
    ).toHaveLength(1);

    const bad = await h.client().post('/api/auth/revert-email-change', { token: 'x'.repeat(43) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_TOKEN');
    const reverted = await h.client().post('/api/auth/revert-email-change', { token });
    expect(reverted.statusCode).toBe(200);
    const [row] = await h.deps.db.select().from(users).where(eq(users.id, me.id));
    expect(row.email).toBe('reauth_victim@example.com');
    // every session ended, the thief's and the owner's
    expect((await thief.get('/api/auth/user')).statusCode).toBe(401);
    expect((await victim.get('/api/auth/user')).statusCode).toBe(401);
    // the link works once
    expect((await h.client().post('/api/auth/revert-email-change', { token })).statusCode).toBe(400);
    // the verification link sent to the thief's address no longer works
    const [verify] = await h.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'thief@example.com')));
    const verifyToken = /token=([A-Za-z0-9_-]+)/.exec(verify.text)?.[1];
    expect((await h.client().post('/api/auth/verify-email', { token: verifyToken })).statusCode).toBe(400);
  });

  it('limits wrong current passwords for e-mail and password changes with 429 and Retry-After', async () => {
    const a = h.client();
    await a.register('reauth_limit');
    for (let i = 0; i < 3; i++) {
      const res = await a.patch('/api/user/profile', {
        username: 'reauth_limit',
        email: 'elsewhere@example.com',
        currentPassword: `Wrong${i}pass1`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    }
    for (let i = 0; i < 2; i++) {
      const res = await a.post('/api/user/change-password', {
        currentPassword: `Wrong${i}pass2`,
        newPassword: 'Another123',
      });
      expect(res.statusCode).toBe(400);
    }
    // five wrong tries in the window: even the right password waits now
    const limited = await a.post('/api/user/change-password', {
      currentPassword: 'Harbor-Lamp-42',
      newPassword: 'Another123',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const limitedEmail = await a.patch('/api/user/profile', {
      username: 'reauth_limit',
      email: 'elsewhere@example.com',
      currentPassword: 'Harbor-Lamp-42',
    });
    expect(limitedEmail.statusCode).toBe(429);
    expect((await a.get('/api/auth/user')).json().user.email).toBe('reauth_limit@example.com');
  });

  it('stores the NSFW age confirmation with its time and gates NSFW styles', async () => {
    const a = h.client();
    const u = await a.register('nsfw_user');
    const hidden = (await a.get('/api/preset-styles?showNsfw=true')).json();
    expect(hidden.some((s: any) => s.isNSFW)).toBe(false);
    const on = await a.post('/api/user/nsfw-settings', { enableNSFW: true });
    expect(on.json().user.enableNSFW).toBe(true);
    const row = await h.deps.db.query.users.findFirst({ where: (t, { eq }) => eq(t.id, u.id) });
    expect(row?.nsfwConfirmedAt).toBeInstanceOf(Date);
    expect((await a.get('/api/preset-styles?showNsfw=true')).json().some((s: any) => s.isNSFW)).toBe(true);
    expect((await a.get('/api/preset-styles?showNsfw=false')).json().some((s: any) => s.isNSFW)).toBe(false);
    expect((await a.post('/api/user/nsfw-settings', { enableNSFW: 'yes' })).statusCode).toBe(400);
  });
});

describe('theme', () => {
  it('serves the site theme to anyone and lets only admins change it', async () => {
    const guest = await h.client().get('/api/theme');
    expect(guest.json()).toMatchObject({
      success: true,
      theme: { primary: '#00beab', radius: 0.75 },
      enhancedTheme: { activeProfile: 'standard' },
    });
    expect(Object.keys(guest.json().enhancedTheme.profiles)).toEqual(['standard', 'token', 'adult']);
    expect((await h.client().post('/api/theme/update', { primary: '#123456' })).statusCode).toBe(401);
    const user = h.client();
    await user.register('theme_user');
    expect((await user.post('/api/theme/update', { primary: '#123456' })).statusCode).toBe(403);
    const admin = await h.admin();
    expect((await admin.post('/api/theme/update', { primary: 'red; }' })).statusCode).toBe(400);
    const saved = await admin.post('/api/theme/update', { primary: 'oklch(0.6 0.2 250)', radius: 1 });
    expect(saved.json().theme).toMatchObject({ primary: 'oklch(0.6 0.2 250)', radius: 1 });
    const profile = await admin.post('/api/theme/update', { activeProfile: 'adult' });
    expect(profile.json().theme).toMatchObject({
      primary: '#d81b60',
      appearance: 'dark',
      features: { nsfwEnabled: true },
    });
    const reset = await admin.post('/api/theme/update', { reset: true });
    expect(reset.json().theme.primary).toBe('#00beab');
  });
});

describe('system endpoints and files', () => {
  it('reports health and live engines', async () => {
    const c = h.client();
    expect((await c.get('/api/healthz')).json()).toMatchObject({ ok: true, db: true });
    expect((await c.get('/api/config')).json().engines).toEqual({
      training: 'offline',
      hosting: 'offline',
      images: 'offline',
      vision: 'offline',
      payments: 'offline',
      mail: 'outbox',
      storage: 'local',
    });
  });

  it('serves public files to anyone and private files only to their owner or an admin', async () => {
    const owner = h.client();
    const u = await owner.register('files_owner');
    await h.deps.storage.put(`u/${u.id}/secret.jpg`, Buffer.from('hello'), 'image/jpeg');
    expect((await owner.get(`/files/u/${u.id}/secret.jpg`)).statusCode).toBe(200);
    const stranger = h.client();
    await stranger.register('files_stranger');
    expect((await stranger.get(`/files/u/${u.id}/secret.jpg`)).statusCode).toBe(404);
    // no credentials: 401; a signed-in stranger: the 404 of a missing file (issue 45, N7)
    expect((await h.client().get(`/files/u/${u.id}/secret.jpg`)).statusCode).toBe(401);
    expect((await (await h.admin()).get(`/files/u/${u.id}/secret.jpg`)).statusCode).toBe(200);
    expect((await h.client().get('/files/public/styles/anime.webp')).headers['content-type']).toBe(
      'image/webp',
    );
    expect((await h.client().get('/files/../etc/passwd')).statusCode).toBe(404);
    expect((await h.client().get('/api/nope')).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists base models and styles for signed-in users only', async () => {
    expect((await h.client().get('/api/base-models')).statusCode).toBe(401);
    const c = h.client();
    await c.register('catalog_user');
    const base = (await c.get('/api/base-models')).json();
    expect(base.length).toBeGreaterThanOrEqual(2);
    expect(base[0]).toMatchObject({ tokenCost: 15 });
    const styles = (await c.get('/api/preset-styles')).json();
    expect(styles.length).toBeGreaterThanOrEqual(6);
    expect(styles[0].previewImageUrl).toMatch(/^\/files\/public\/styles\//);
    expect((await c.get('/api/preset-styles/not-a-uuid')).statusCode).toBe(404);
  });
});
