import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, generatedImages, jobs, mailOutbox } from '../../db/schema/index';
import { formatUtcMoment } from '../../../shared/intl';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { livedInAccount } from '../../test/account-fixtures';
import { readZipStream, zipSafeNoise, type ZipEntry } from '../../test/zip-reader';
import { generatedImageKeys } from '../../storage/keys';
import { expireExports, JOB_EXPORT_BUILD } from './data-exports.job';

// Issue 22, item 5: "Download my data", on PGlite and local disk storage.
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ EXPORT_LINK_HOURS: '6' });
});
afterAll(async () => {
  await h?.close();
});

/** Reads a stored zip as a stream (never whole): every entry's name and size, small text entries' text. */
async function readZip(key: string): Promise<ZipEntry[]> {
  const obj = await h.deps.storage.get(key);
  if (!obj) throw new Error('no archive');
  return readZipStream(obj.stream as Readable, (name) => !/\.(jpg|safetensors)$/.test(name));
}

async function exportOf(c: Client) {
  const res = await c.post('/api/user/exports');
  expect(res.statusCode).toBe(202);
  const { id, status } = res.json().export;
  expect(status).toBe('pending');
  const [job] = (await h.deps.db.select().from(jobs).where(eq(jobs.name, JOB_EXPORT_BUILD))).filter(
    (j) => (j.payload as { exportId: string }).exportId === id,
  );
  return { id, job };
}

describe('POST /api/user/exports', () => {
  it(
    'builds a complete archive of 200 images within a stated memory bound',
    { timeout: 240_000 },
    async () => {
      const c = h.client();
      const username = `export_${randomUUID().slice(0, 8)}`;
      const u = await c.register(username, 'Harbor-Lamp-42');
      await livedInAccount(h.deps, u.id, { images: 0 });
      await c.post('/api/support/tickets', { subject: 'Export me', message: 'With, commas "and" quotes' });
      // 200 images of 1 MiB each (incompressible): the archive is larger than the bound
      const noise = zipSafeNoise(1024 * 1024);
      const rows = [];
      for (let i = 0; i < 200; i++) {
        const id = randomUUID();
        const keys = generatedImageKeys(u.id, id);
        await h.deps.storage.put(keys.original, noise, 'image/jpeg');
        rows.push({
          id,
          userId: u.id,
          prompt: `portrait #${i}`,
          width: 1024,
          height: 1024,
          seed: i,
          storageKey: keys.original,
        });
      }
      await h.deps.db.insert(generatedImages).values(rows);

      global.gc?.();
      const start = process.memoryUsage();
      let peakRss = start.rss;
      let peakHeap = start.heapUsed;
      const sample = () => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      };
      // sampled as the archive moves: as each image is asked for and as its stream closes, read
      // through (what is held then is what the archive keeps of it and of those before)
      const get = h.deps.storage.get.bind(h.deps.storage);
      h.deps.storage.get = async (...args) => {
        sample();
        const obj = await get(...args);
        obj?.stream.once('close', sample);
        return obj;
      };
      let done;
      let id: string;
      try {
        const started = await exportOf(c);
        id = started.id;
        // one at a time: a second request while this one is pending is refused
        const second = await c.post('/api/user/exports');
        expect(second.statusCode).toBe(409);
        done = await h.deps.queue.waitFor(started.job.id, 200_000);
      } finally {
        h.deps.storage.get = get;
      }
      sample();
      expect(done?.status).toBe('done');
      const MiB = 1024 * 1024;
      const rssGrowth = (peakRss - start.rss) / MiB;
      const heapGrowth = (peakHeap - start.heapUsed) / MiB;
      // the bound: 150 MiB above the start, for an archive of over 200 MiB
      if (process.env.SHOW_MEMORY)
        console.info(
          `export of 200 MiB: RSS +${rssGrowth.toFixed(1)} MiB, heap +${heapGrowth.toFixed(1)} MiB`,
        );
      expect(rssGrowth).toBeLessThan(150);
      expect(heapGrowth).toBeLessThan(150);

      const res = await c.get(`/api/user/exports/${id}`);
      expect(res.statusCode).toBe(200);
      const view = res.json().export;
      expect(view.status).toBe('ready');
      expect(view.bytes).toBeGreaterThan(200 * MiB);
      const hours = (new Date(view.expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(5.9);
      expect(hours).toBeLessThanOrEqual(6);
      const [row] = await h.deps.db.select().from(dataExports).where(eq(dataExports.id, id));
      expect(row.storageKey).toBe(`u/${u.id}/exports/${id}.zip`);
      // the link downloads it with the owner's session (data-exports.contents.test.ts: only then)
      const link = new URL(view.downloadUrl);
      const head = await c.inject({ method: 'GET', url: link.pathname, headers: { range: 'bytes=0-3' } });
      expect([200, 206]).toContain(head.statusCode);

      const entries = await readZip(row.storageKey!);
      const names = entries.map((e) => e.name);
      for (const f of ['README.txt', 'profile.json', 'ledger.csv', 'purchases.csv', 'tickets.json'])
        expect(names).toContain(f);
      const images = entries.filter((e) => /^images\/image-portrait-\d+-[0-9a-f]{8}\.jpg$/.test(e.name));
      expect(images).toHaveLength(200);
      expect(images.every((e) => e.bytes === MiB)).toBe(true);
      const settings = entries.filter((e) => /^images\/image-portrait-\d+-[0-9a-f]{8}\.json$/.test(e.name));
      expect(settings).toHaveLength(200);
      expect(JSON.parse(settings[0].text!)).toMatchObject({ width: 1024, height: 1024 });
      const profile = JSON.parse(entries.find((e) => e.name === 'profile.json')!.text!);
      expect(profile).toMatchObject({ id: u.id, username, email: `${username}@example.com` });
      expect(entries.find((e) => e.name === 'ledger.csv')!.text).toMatch(/purchase,1000,/);
      expect(entries.find((e) => e.name === 'purchases.csv')!.text).toMatch(/Starter,offline,999,usd,1000/);
      const tickets = JSON.parse(entries.find((e) => e.name === 'tickets.json')!.text!);
      expect(tickets.map((t: { messages: { text: string }[] }) => t.messages[0].text)).toContain(
        'With, commas "and" quotes',
      );
      // each model's metadata and the photos still kept; no face descriptor anywhere
      const modelJson = entries.filter((e) => /^models\/.+\/model\.json$/.test(e.name));
      expect(modelJson.length).toBe(2);
      expect(entries.filter((e) => /^models\/.+\/photos\/.+\.jpg$/.test(e.name))).toHaveLength(3);
      expect(entries.some((e) => e.text?.includes('faceDescriptor') || e.text?.includes('descriptor'))).toBe(
        false,
      );

      // announced by mail
      await expect
        .poll(
          async () =>
            (
              await h.deps.db
                .select()
                .from(mailOutbox)
                .where(eq(mailOutbox.to, `${username}@example.com`))
            ).map((m) => m.subject),
          { timeout: 10_000 },
        )
        .toContain('Your LoRA Studio data export is ready');
      // the notice keeps the moment as a time for the page to write; its mail names the zone
      const notices = (await c.get('/api/notifications')).json().notifications as {
        kind: string;
        body: string;
        expiresAt: string | null;
      }[];
      const notice = notices.find((n) => n.kind === 'data_export_ready')!;
      expect(notice.expiresAt).toBe(row.expiresAt!.toISOString());
      expect(notice.body).not.toMatch(/GMT|UTC|\d{4}/);
      const mail = (
        await h.deps.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, `${username}@example.com`))
      ).find((m) => m.subject === 'Your LoRA Studio data export is ready')!;
      expect(mail.text).toContain(`Available until ${formatUtcMoment(row.expiresAt!)}.`);
      expect(mail.text).toMatch(/Available until \w+ \d{1,2}, \d{4} at \d{1,2}:\d\d [AP]M UTC\./);

      // latest
      expect((await c.get('/api/user/exports/latest')).json().export.id).toBe(id);

      // expired: the file and the row go
      expect(await expireExports(h.deps, new Date(Date.now() + 7 * 3_600_000))).toBeGreaterThanOrEqual(1);
      expect(await h.deps.storage.head(row.storageKey!)).toBeNull();
      expect((await c.get(`/api/user/exports/${id}`)).statusCode).toBe(404);
    },
  );

  it('is the owner’s only, and rate-limited', async () => {
    const a = h.client();
    await a.register();
    const b = h.client();
    await b.register();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id, job } = await exportOf(a);
      ids.push(id);
      expect((await h.deps.queue.waitFor(job.id, 30_000))?.status).toBe('done');
    }
    expect((await b.get(`/api/user/exports/${ids[0]}`)).statusCode).toBe(404);
    expect((await h.client().get(`/api/user/exports/${ids[0]}`)).statusCode).toBe(401);
    expect((await a.get('/api/user/exports/not-a-uuid')).statusCode).toBe(404);
    const limited = await a.post('/api/user/exports');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await b.get('/api/user/exports/latest')).json().export).toBeNull();
  });
});
