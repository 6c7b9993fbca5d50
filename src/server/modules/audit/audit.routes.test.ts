import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, models } from '../../db/schema/index';
import { ADMIN, createHarness, type Client, type Harness } from '../../test/harness';
import { recordAdminAction } from './audit.service';

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
