import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema/index';
import { ADMIN, createHarness, type Client, type Harness } from '../../test/harness';
import { defineAuditJobs, JOB_AUDIT_PURGE } from './audit.jobs';
import { createAuditRepository } from './audit.repository';
import { diffFields } from './audit.service';

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

const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
  const res = await p;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};

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
