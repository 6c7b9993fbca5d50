import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, models } from '../../db/schema/index';
import { ADMIN, createHarness, type Client, type Harness } from '../../test/harness';
import { defineAuditJobs, JOB_AUDIT_PURGE } from './audit.jobs';
import { createAuditRepository } from './audit.repository';
import { diffFields, recordAdminAction } from './audit.service';

let h: Harness;
let admin: Client;
let adminId: string;

beforeAll(async () => {
  h = await createHarness({ AUDIT_LOG_RETENTION_DAYS: '30' }, { startQueue: false });
  admin = await h.admin();
  adminId = (await admin.get('/api/auth/user')).json().user.id;
});
afterAll(async () => {
  await h?.close();
});

type Entry = {
  id: string;
  action: string;
  admin: { id: string; username: string };
  targetUser: { id: string; username: string | null } | null;
  entity: { type: string; id: string } | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
};

/** The entries the action added (newest first), read through the API. */
async function entriesAfter(action: () => Promise<unknown>): Promise<Entry[]> {
  const seen = new Set(
    ((await admin.get('/api/admin/audit?limit=100')).json().entries as Entry[]).map((e) => e.id),
  );
  await action();
  const res = await admin.get('/api/admin/audit?limit=100');
  expect(res.statusCode).toBe(200);
  return (res.json().entries as Entry[]).filter((e) => !seen.has(e.id));
}

const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
  const res = await p;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

describe('each admin action writes one entry with what changed', () => {
  it('balance, admin and NSFW flags, suspension, password reset: ids and changed fields only', async () => {
    const victim = await h.client().register('audit_victim');
    const who = { id: adminId, username: ADMIN.username };
    const target = { id: victim.id, username: 'audit_victim' };

    const balance = await entriesAfter(() =>
      ok(admin.post('/api/admin/users/update-balance', { userId: victim.id, tokenBalance: 250 })),
    );
    expect(balance).toEqual([
      expect.objectContaining({
        action: 'user.balance',
        admin: who,
        targetUser: target,
        before: { tokenBalance: victim.tokenBalance },
        after: { tokenBalance: 250 },
      }),
    ]);

    const nsfw = await entriesAfter(() =>
      ok(admin.post('/api/admin/users/toggle-nsfw', { userId: victim.id, enableNSFW: true })),
    );
    expect(nsfw).toMatchObject([
      { action: 'user.nsfw', before: { enableNsfw: false }, after: { enableNsfw: true } },
    ]);

    const promote = await entriesAfter(() =>
      ok(admin.post('/api/admin/users/toggle-admin', { userId: victim.id, isAdmin: true })),
    );
    expect(promote).toMatchObject([
      { action: 'user.admin', before: { isAdmin: false }, after: { isAdmin: true } },
    ]);
    // setting a flag to what it already is changes nothing and records nothing
    expect(
      await entriesAfter(() =>
        ok(admin.post('/api/admin/users/toggle-admin', { userId: victim.id, isAdmin: true })),
      ),
    ).toEqual([]);

    const suspend = await entriesAfter(() =>
      ok(admin.post('/api/admin/users/set-status', { userId: victim.id, status: 'suspended' })),
    );
    expect(suspend).toMatchObject([
      { action: 'user.status', before: { status: 'active' }, after: { status: 'suspended' } },
    ]);

    const reset = await entriesAfter(() =>
      ok(
        admin.post('/api/auth/reset-password', { username: 'audit_victim', newPassword: 'Fresh-Harbor-77' }),
      ),
    );
    expect(reset).toMatchObject([
      { action: 'user.password_reset', targetUser: target, before: null, after: null },
    ]);
    // nothing resembling a password or its hash anywhere in the log
    const raw = JSON.stringify(await h.deps.db.select().from(adminAuditLog));
    expect(raw).not.toContain('Fresh-Harbor-77');
    expect(raw).not.toMatch(/password_?hash|\$argon|\$2[aby]\$|scrypt/i);

    const created = await entriesAfter(() =>
      ok(
        admin.post('/api/admin/users', {
          username: 'audit_made',
          email: 'audit_made@example.com',
          password: 'Quiet-Otter-9',
          tokenBalance: 12,
        }),
      ),
    );
    expect(created).toMatchObject([
      {
        action: 'user.create',
        targetUser: { username: 'audit_made' },
        after: { isAdmin: false, tokenBalance: 12 },
      },
    ]);
    // the entry itself holds no name or e-mail: the target's name is only a join
    const [row] = await h.deps.db
      .select()
      .from(adminAuditLog)
      .where(sql`${adminAuditLog.id} = ${created[0].id}`);
    expect(JSON.stringify(row)).not.toMatch(/audit_made/);
  });

  it('packages, styles, the theme, tickets and models: entity and changed fields', async () => {
    const pkg = await entriesAfter(() =>
      ok(admin.post('/api/admin/token-packages', { name: 'Audit Pack', tokenAmount: 10, priceInCents: 199 })),
    );
    expect(pkg).toMatchObject([
      {
        action: 'package.create',
        targetUser: null,
        entity: { type: 'token_package' },
        after: { name: 'Audit Pack', tokenAmount: 10, priceInCents: 199 },
      },
    ]);
    const pkgId = pkg[0].entity!.id;
    const edit = await entriesAfter(() =>
      ok(admin.patch(`/api/admin/token-packages/${pkgId}`, { priceInCents: 299, name: 'Audit Pack' })),
    );
    // only the price changed: the unchanged name is not in the entry
    expect(edit).toEqual([
      expect.objectContaining({
        action: 'package.update',
        entity: { type: 'token_package', id: pkgId },
        before: { priceInCents: 199 },
        after: { priceInCents: 299 },
      }),
    ]);
    expect(await entriesAfter(() => ok(admin.del(`/api/admin/token-packages/${pkgId}`)))).toMatchObject([
      { action: 'package.delete', before: { isActive: true }, after: { isActive: false } },
    ]);

    const styleBody = { name: 'Audit Style', description: 'Styled for the audit', prompt: 'audit prompt' };
    const style = await entriesAfter(() => ok(admin.post('/api/preset-styles', styleBody)));
    expect(style).toMatchObject([
      { action: 'style.create', entity: { type: 'preset_style' }, after: { name: 'Audit Style' } },
    ]);
    const styleId = style[0].entity!.id;
    expect(
      await entriesAfter(() =>
        ok(admin.put(`/api/preset-styles/${styleId}`, { ...styleBody, tokenCost: 7 })),
      ),
    ).toMatchObject([{ action: 'style.update', before: { tokenCost: 50 }, after: { tokenCost: 7 } }]);
    expect(await entriesAfter(() => ok(admin.del(`/api/preset-styles/${styleId}`)))).toMatchObject([
      {
        action: 'style.delete',
        entity: { type: 'preset_style', id: styleId },
        before: { name: 'Audit Style' },
        after: null,
      },
    ]);

    const theme = await entriesAfter(() => ok(admin.post('/api/theme/update', { primary: '#00a2c0' })));
    expect(theme).toHaveLength(1);
    expect(theme[0]).toMatchObject({ action: 'theme.update', entity: { type: 'site_theme', id: '1' } });
    // nested settings keep only the changed leaf
    expect(JSON.stringify(theme[0].after)).toContain('"primaryColor":"#00a2c0"');
    expect(JSON.stringify(theme[0].after)).not.toContain('radius');

    const u = h.client();
    const owner = await u.register('audit_ticket_owner');
    const ticket = (
      await u.post('/api/support/tickets', { subject: 'Help', message: 'Please help me' })
    ).json();
    expect(
      await entriesAfter(() =>
        ok(admin.patch(`/api/support/tickets/${ticket.id}/status`, { status: 'in_progress' })),
      ),
    ).toMatchObject([
      {
        action: 'ticket.status',
        targetUser: { id: owner.id },
        entity: { type: 'support_ticket', id: ticket.id },
        before: { status: 'open' },
        after: { status: 'in_progress' },
      },
    ]);
    expect(
      await entriesAfter(() =>
        ok(admin.post(`/api/support/tickets/${ticket.id}/notes`, { note: 'Looking into it' })),
      ),
    ).toMatchObject([
      { action: 'ticket.note', targetUser: { id: owner.id }, after: { noteId: expect.any(String) } },
    ]);

    const [failed] = await h.deps.db
      .insert(models)
      .values({
        userId: owner.id,
        name: 'Audit Model',
        triggerWord: 'ohwx',
        status: 'failed',
        trainingError: 'boom',
        weightsKey: `u/${owner.id}/audit.safetensors`,
      })
      .returning();
    expect(
      await entriesAfter(() => ok(admin.post(`/api/models/${failed.id}/status`, { status: 'uploaded' }))),
    ).toMatchObject([
      {
        action: 'model.status_reset',
        targetUser: { id: owner.id },
        entity: { type: 'model', id: failed.id },
        before: { status: 'failed', trainingError: 'boom' },
        after: { status: 'uploaded', trainingError: null },
      },
    ]);
    expect(await entriesAfter(() => ok(admin.post(`/api/models/${failed.id}/reupload`)))).toMatchObject([
      {
        action: 'model.reupload',
        entity: { type: 'model', id: failed.id },
        before: { status: 'uploaded' },
        after: { status: 'processing', uploadLogId: expect.any(String) },
      },
    ]);
  });

  it('a refused or rolled-back action leaves no entry', async () => {
    const before = (await h.deps.db.select().from(adminAuditLog)).length;
    // refused inside the action's transaction (409 after the row lock)
    expect(
      (await admin.post('/api/admin/users/set-status', { userId: adminId, status: 'suspended' })).statusCode,
    ).toBe(409);
    const [ready] = await h.deps.db
      .insert(models)
      .values({ userId: adminId, name: 'Not failed', triggerWord: 'ohwx', status: 'uploaded' })
      .returning();
    expect((await admin.post(`/api/models/${ready.id}/status`, { status: 'uploaded' })).statusCode).toBe(409);
    // an entry written and then the action failing: the rollback takes the entry with it
    await expect(
      h.deps.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          admin: { id: adminId, username: ADMIN.username },
          action: 'user.balance',
          targetUserId: adminId,
          before: { tokenBalance: 1 },
          after: { tokenBalance: 2 },
        });
        throw new Error('the action failed after recording');
      }),
    ).rejects.toThrow('the action failed after recording');
    expect((await h.deps.db.select().from(adminAuditLog)).length).toBe(before);
  });
});

describe('GET /api/admin/audit', () => {
  it('401 for a guest, 403 for a user, 400 for bad filters', async () => {
    expect((await h.client().get('/api/admin/audit')).statusCode).toBe(401);
    const u = h.client();
    await u.register('audit_nosy');
    const forbidden = await u.get('/api/admin/audit');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    for (const q of [
      'action=user.explode',
      'targetUserId=nope',
      'from=2026-02-30',
      'from=2026-05-02&to=2026-05-01',
      'limit=0',
      'cursor=%25%25',
    ])
      expect((await admin.get(`/api/admin/audit?${q}`)).statusCode, q).toBe(400);
  });

  it('filters by action, admin, target and dates, and pages newest first without losing ties', async () => {
    const a = await h.client().register('audit_filter_a');
    const b = await h.client().register('audit_filter_b');
    for (const [id, n] of [
      [a.id, 1],
      [a.id, 2],
      [b.id, 3],
      [a.id, 4],
      [b.id, 5],
    ] as const)
      await ok(admin.post('/api/admin/users/update-balance', { userId: id, tokenBalance: n }));
    await ok(admin.post('/api/admin/users/toggle-nsfw', { userId: a.id, enableNSFW: true }));

    const ofA = (await admin.get(`/api/admin/audit?targetUserId=${a.id}`)).json().entries as Entry[];
    expect(ofA.map((e) => e.action)).toEqual(['user.nsfw', 'user.balance', 'user.balance', 'user.balance']);
    expect(ofA.map((e) => e.after)).toEqual([
      { enableNsfw: true },
      { tokenBalance: 4 },
      { tokenBalance: 2 },
      { tokenBalance: 1 },
    ]);
    const balanceOfA = (await admin.get(`/api/admin/audit?targetUserId=${a.id}&action=user.balance`)).json();
    expect(balanceOfA.entries).toHaveLength(3);
    expect((await admin.get(`/api/admin/audit?adminId=${a.id}`)).json().entries).toEqual([]);
    expect(
      (await admin.get(`/api/admin/audit?adminId=${adminId}&targetUserId=${b.id}`)).json().entries,
    ).toHaveLength(2);

    // dates: move two of b's entries to a known day (the superuser bypass of the append-only trigger
    // a test needs; the application never updates the log)
    await h.deps.db.transaction(async (tx) => {
      await tx.execute(sql`alter table admin_audit_log disable trigger admin_audit_log_no_change`);
      await tx.execute(
        sql`update admin_audit_log set created_at = '2026-03-10T23:59:59Z' where target_user_id = ${b.id}`,
      );
      // a's four entries share one timestamp: the cursor must page through the tie
      await tx.execute(
        sql`update admin_audit_log set created_at = '2026-03-11T08:00:00Z' where target_user_id = ${a.id}`,
      );
      await tx.execute(sql`alter table admin_audit_log enable trigger admin_audit_log_no_change`);
    });
    const day = (q: string) =>
      admin.get(`/api/admin/audit?targetUserId=${b.id}&${q}`).then((r) => r.json().entries.length);
    expect(await day('from=2026-03-10&to=2026-03-10')).toBe(2);
    expect(await day('from=2026-03-11')).toBe(0);
    expect(await day('to=2026-03-09')).toBe(0);
    expect(await day('to=2026-03-10')).toBe(2);

    // paging: pages of 3 walk every entry once, newest first, across the tie
    const all = (await admin.get('/api/admin/audit?limit=100')).json().entries as Entry[];
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await admin.get(`/api/admin/audit?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().entries.map((e: Entry) => e.id));
      cursor = res.json().nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    expect(pages).toBe(Math.ceil(all.length / 3));
  });

  it('keeps the target id but no name once the target user is gone', async () => {
    const gone = await h.client().register('audit_gone');
    await ok(admin.post('/api/admin/users/update-balance', { userId: gone.id, tokenBalance: 9 }));
    await h.deps.db.execute(sql`delete from users where id = ${gone.id}`);
    const [e] = (await admin.get(`/api/admin/audit?targetUserId=${gone.id}`)).json().entries as Entry[];
    expect(e.targetUser).toEqual({ id: gone.id, username: null });
  });
});

describe('append-only and retention', () => {
  it('the table refuses UPDATE, DELETE and TRUNCATE outside the purge', async () => {
    await expect(h.deps.db.execute(sql`update admin_audit_log set action = 'user.delete'`)).rejects.toThrow();
    await expect(h.deps.db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    await expect(h.deps.db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
    expect((await h.deps.db.select().from(adminAuditLog)).length).toBeGreaterThan(0);
  });

  it('the daily purge job removes entries older than the retention, measured on an injected clock', async () => {
    const repo = createAuditRepository(h.deps.db);
    const now = new Date('2030-06-30T12:00:00Z');
    const day = 86_400_000;
    const base = { adminId, adminUsername: ADMIN.username, action: 'user.balance' };
    const old = await repo.insert({ ...base, createdAt: new Date(now.getTime() - 31 * day) });
    const edge = await repo.insert({ ...base, createdAt: new Date(now.getTime() - 29 * day) });
    const fresh = await repo.insert({ ...base, createdAt: new Date(now.getTime() - day) });

    // the job's clock moved to `now`; every entry written today (2026) is years past the retention
    defineAuditJobs(h.deps, { now: () => now });
    await h.deps.queue.enqueue(JOB_AUDIT_PURGE, {}, { singletonKey: JOB_AUDIT_PURGE });
    h.deps.queue.start();
    try {
      await expect
        .poll(async () => (await h.deps.db.select().from(adminAuditLog)).map((r) => r.id).sort(), {
          timeout: 10_000,
        })
        .toEqual([edge.id, fresh.id].sort());
    } finally {
      await h.deps.queue.stop();
    }
    expect(old.id).toBeTruthy();
    // the chain reschedules itself a day later: one queued job, not a second chain
    const queued = await h.deps.db.execute(
      sql`select run_at from jobs where name = ${JOB_AUDIT_PURGE} and status = 'queued'`,
    );
    const rows = (queued as unknown as { rows: { run_at: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0].run_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});

describe('diffFields', () => {
  it('keeps only changed fields, nested leaves included, and never a secret', () => {
    expect(diffFields({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ before: { b: 2 }, after: { b: 3 } });
    expect(diffFields({ a: { x: 1, y: 2 } }, { a: { x: 1, y: 5 } })).toEqual({
      before: { a: { y: 2 } },
      after: { a: { y: 5 } },
    });
    expect(diffFields({ a: [1] }, { a: [1] })).toBeNull();
    expect(diffFields({ passwordHash: 'x' }, { passwordHash: 'y' })).toBeNull();
    expect(diffFields({ a: null }, { a: 'set' })).toEqual({ before: { a: null }, after: { a: 'set' } });
  });
});
