import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, jobs, models, notifications } from '../../db/schema/index';
import { livedInAccount } from '../../test/account-fixtures';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { JOB_EXPORT_BUILD } from './data-exports.job';
import { csvCell } from './export-archive';

// The security review (issue 40, findings 4 and 5) and the walk (issue 45, N1 and C2): what the
// archive holds, how it names the images, what its ledger.csv shows, and who may download it.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = 'Harbor-Lamp-42';

async function builtExport(c: Client) {
  const res = await c.post('/api/user/exports');
  expect(res.statusCode).toBe(202);
  const id = res.json().export.id as string;
  const [job] = (await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_EXPORT_BUILD))).filter(
    (j) => (j.payload as { exportId: string }).exportId === id,
  );
  expect((await h.deps.queue.waitFor(job!.id, 60_000))?.status).toBe('done');
  const view = (await c.get(`/api/user/exports/${id}`)).json().export;
  expect(view.status).toBe('ready');
  const [row] = await h.deps.db.select().from(dataExports).where(eq(dataExports.id, id));
  return { view, row: row! };
}

describe('the data export', () => {
  it('holds everything it promises, names images as downloads do, and keeps admins and formulas out of ledger.csv', async () => {
    const c = h.client();
    const u = await c.register();
    const { ready } = await livedInAccount(h.deps, u.id, { images: 2 });
    // an admin's grant: its ledger row names the admin in ref_id
    const admin = await h.admin();
    const adminMe = (await admin.get('/api/auth/user')).json().user;
    expect(
      (await admin.post('/api/admin/users/update-balance', { userId: u.id, tokenBalance: 5000 })).statusCode,
    ).toBe(200);
    // a cell a spreadsheet would run: a ticket subject is the user's own text, a description may carry it too
    expect(
      (
        await c.post('/api/support/tickets', {
          subject: '=HYPERLINK("http://x.example")',
          message: '@SUM(1)',
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect((await c.put('/api/user/privacy', { faceAnalysis: true })).statusCode).toBe(200);
    expect(
      (await c.patch('/api/notifications/preferences', { mail: { support_ticket: false } })).statusCode,
    ).toBe(200);
    await h.deps.db.insert(notifications).values({
      userId: u.id,
      kind: 'purchase_credited',
      subjectKey: 'test:1',
      title: '1,000 tokens were added to your balance',
      body: 'Thank you.',
    });
    const attestedAt = new Date('2026-11-01T10:00:00.000Z');
    await h.deps.db
      .update(models)
      .set({ subjectConsentAt: attestedAt, subjectNoticeVersion: 'v1' })
      .where(eq(models.id, ready.id));
    const key = (
      await c.post('/api/user/api-keys', { name: 'Build server', scopes: ['read'], password: PASSWORD })
    ).json().apiKey;

    const { row } = await builtExport(c);
    const zip = unzipSync(new Uint8Array((await h.deps.storage.getBuffer(row.storageKey!))!));
    const names = Object.keys(zip);
    const text = (name: string) => new TextDecoder().decode(zip[name]);
    const all = names.map((n) => text(n)).join('\n');

    // API keys: names, scopes and dates, never the secret nor its hash
    const keys = JSON.parse(text('api-keys.json'));
    expect(keys).toEqual([
      expect.objectContaining({ name: 'Build server', scopes: ['read'], revokedAt: null }),
    ]);
    expect(keys[0].expiresAt).toBeTruthy();
    expect(all).not.toContain(key.token.slice(20));
    expect(text('api-keys.json')).not.toMatch(/secret|hash/i);
    // consent, preferences, notifications
    const privacy = JSON.parse(text('privacy.json'));
    expect(privacy.faceAnalysis.consented).toBe(true);
    expect(privacy.faceAnalysis.answeredAt).toBeTruthy();
    const prefs = JSON.parse(text('preferences.json'));
    expect(prefs.notificationMails).toMatchObject({ support_ticket: false, training_ready: true });
    expect(JSON.parse(text('notifications.json'))).toEqual([
      expect.objectContaining({
        kind: 'purchase_credited',
        title: '1,000 tokens were added to your balance',
      }),
    ]);
    // each model: its attestation, and its weights (the offline engine's artifact and crops)
    const dir = names
      .find((n) => n.endsWith('/model.json') && text(n).includes(ready.id))!
      .replace('model.json', '');
    expect(JSON.parse(text(`${dir}model.json`)).subjectAttestation).toEqual({
      attestedAt: attestedAt.toISOString(),
      noticeVersion: 'v1',
    });
    expect(JSON.parse(text(`${dir}offline-model/artifact.json`)).triggerWord).toBe('zxqperson');
    expect(names).toContain(`${dir}offline-model/crop-0.webp`);
    expect(names).toContain(`${dir}offline-model/crop-1.webp`);
    for (const f of ['privacy.json', 'preferences.json', 'notifications.json', 'api-keys.json'])
      expect(text('README.txt')).toContain(f);
    // images named as the gallery's downloads name them: `<model>-<prompt words>-<short id>`
    const images = names.filter((n) => n.startsWith('images/') && n.endsWith('.jpg'));
    expect(images).toHaveLength(2);
    for (const n of images) {
      expect(n).toMatch(/^images\/ready-model-a-lighthouse-\d-[0-9a-f]{8}\.jpg$/);
      expect(names).toContain(n.replace(/\.jpg$/, '.json'));
    }
    // ledger.csv: no admin's id; formula cells neutralised
    const ledger = text('ledger.csv');
    expect(ledger).toContain('Welcome bonus');
    const grant = ledger.split('\r\n').find((l) => l.includes('admin_adjustment'))!;
    expect(grant).toMatch(/,user,$/);
    expect(ledger).not.toContain(adminMe.id);
    const tickets = JSON.parse(text('tickets.json'));
    expect(tickets.map((t: { subject: string }) => t.subject)).toContain('=HYPERLINK("http://x.example")');
  });

  it('neutralises spreadsheet formulas in every CSV cell, keeping numbers numbers', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-50)).toBe('-50');
    expect(csvCell('Purchased Starter')).toBe('Purchased Starter');
  });

  it('downloads with its owner’s session only: not by link alone, not by an admin, not by a key', async () => {
    const c = h.client();
    const u = await c.register();
    const { view, row } = await builtExport(c);
    const url = new URL(view.downloadUrl);
    expect(url.search).toBe('');
    const path = url.pathname;
    expect((await c.get(path)).statusCode).toBe(200);
    // the link forwarded or leaked: nobody signed in
    const anonymous = await h.client().get(path);
    expect(anonymous.statusCode).toBe(401);
    // a signed link, as exports had before: still needs the session
    const signed = h.deps.signer.sign(row.storageKey!, 3600).slice(h.config.publicUrl.length);
    expect((await h.client().get(signed)).statusCode).toBe(401);
    // someone else signed in, an admin included: as if there were no such file
    const other = h.client();
    await other.register();
    expect((await other.get(path)).statusCode).toBe(404);
    expect((await (await h.admin()).get(path)).statusCode).toBe(404);
    // the owner's own API key: refused, and told why
    const key = (
      await c.post('/api/user/api-keys', { name: 'reader', scopes: ['read'], password: PASSWORD })
    ).json().apiKey;
    const byKey = await h.app.inject({
      method: 'GET',
      url: path,
      headers: { authorization: `Bearer ${key.token}` },
    });
    expect(byKey.statusCode).toBe(403);
    expect(u.id).toBe(row.userId);
  });
});
