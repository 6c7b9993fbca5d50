import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jobs } from '../../db/schema/support';
import { createHarness, type Client, type Harness } from '../../test/harness';
import { settleFileJobs } from '../../test/storage-jobs';

let h: Harness;
let admin: Client;
let user: Client;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.admin();
  user = h.client();
  await user.register('style_user');
});
afterAll(async () => {
  await h?.close();
});

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----lora' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const valid = {
  name: 'Film Noir',
  description: 'Black and white drama',
  prompt: 'film noir, dramatic shadows',
};

describe('preset style writes', () => {
  it('creates with defaults (cost 50, active, not NSFW) and the user sees it', async () => {
    const res = await admin.post('/api/preset-styles', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...valid,
      tokenCost: 50,
      isActive: true,
      isNSFW: false,
      loraModels: [],
    });
    const list = (await user.get('/api/preset-styles')).json();
    expect(list.some((s: { name: string }) => s.name === 'Film Noir')).toBe(true);
  });

  it('validates with the spec texts (all shown together)', async () => {
    const res = await admin.post('/api/preset-styles', {
      name: 'a',
      description: 'abc',
      prompt: '',
      tokenCost: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name must be at least 2 characters',
      description: 'Description must be at least 5 characters',
      tokenCost: 'Token cost cannot be negative',
      prompt: 'Either a prompt or at least one LoRA model must be provided',
    });
    // docs/product/decisions.md §8: a prompt that is there but short is called short, not missing
    const short = await admin.post('/api/preset-styles', { ...valid, prompt: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({
      prompt: 'Prompt must be at least 5 characters (or add a LoRA model)',
    });
    const shortWithLora = await admin.post('/api/preset-styles', {
      ...valid,
      name: 'Short Lora',
      prompt: 'abc',
      loraModels: [{ id: 'a:1@1' }],
    });
    expect(shortWithLora.statusCode).toBe(201);
    const three = await admin.post('/api/preset-styles', {
      ...valid,
      loraModels: [{ id: 'a:1@1' }, { id: 'a:2@1' }, { id: 'a:3@1' }],
    });
    expect(three.json().error).toBe('Maximum of 2 LoRA models allowed per preset style.');
    const frac = await admin.post('/api/preset-styles', { ...valid, tokenCost: 1.5 });
    expect(frac.statusCode).toBe(400);
    const badUrl = await admin.post('/api/preset-styles', {
      ...valid,
      previewImageUrl: '/files/u/00000000-0000-4000-8000-000000000000/x.png',
    });
    expect(badUrl.statusCode).toBe(400);
    // an AIR id is source:id@version; any other text is refused with a field message
    for (const id of ['my lora', 'civitai:123', '123@4', 'civitai:@4']) {
      const badAir = await admin.post('/api/preset-styles', { ...valid, loraModels: [{ id }] });
      expect(badAir.statusCode).toBe(400);
      expect(JSON.stringify(badAir.json())).toContain('must be an AIR identifier');
    }
    const legacyBad = await admin.post('/api/preset-styles', { ...valid, loraModelId: 'just text' });
    expect(legacyBad.statusCode).toBe(400);
  });

  it('accepts a LoRA-only style; weight as text is stored as a number; legacy fields mirror entry 1', async () => {
    const res = await admin.post('/api/preset-styles', {
      name: 'Lora Only',
      description: 'Only a LoRA here',
      prompt: '',
      tokenCost: '0',
      loraModels: [
        { id: 'civitai:123@4', weight: '0.6', triggerWord: 'zzz' },
        { id: '', weight: '1' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      tokenCost: 0,
      loraModels: [{ id: 'civitai:123@4', weight: '0.6', triggerWord: 'zzz' }],
      loraModelId: 'civitai:123@4',
      loraWeight: '0.6',
    });
    const row = await h.deps.db.query.presetStyles.findFirst({ where: (t, { eq }) => eq(t.id, s.id) });
    expect(row!.loraModels).toEqual([{ id: 'civitai:123@4', weight: 0.6, triggerWord: 'zzz' }]);
    const legacy = await admin.post('/api/preset-styles', {
      name: 'Legacy',
      description: 'Legacy single lora',
      loraModelId: 'x:9@9',
      loraWeight: 0.9,
    });
    expect(legacy.json().loraModels).toEqual([{ id: 'x:9@9', weight: '0.9', triggerWord: '' }]);
  });

  it('uploads a preview by content (sharp), strips metadata and serves it publicly', async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .jpeg()
      .toBuffer();
    const up = await admin.inject({
      method: 'POST',
      url: '/api/preset-styles/upload-image',
      ...multipart('image', 'whatever.txt', 'text/plain', jpeg),
    });
    expect(up.statusCode).toBe(201);
    const { imageUrl } = up.json();
    expect(imageUrl).toMatch(/^\/files\/public\/styles\/[0-9a-f-]{36}\.webp$/);
    const file = await h.client().get(imageUrl);
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 576 });
    expect(meta.exif).toBeUndefined();

    const fake = await admin.inject({
      method: 'POST',
      url: '/api/preset-styles/upload-image',
      ...multipart('image', 'photo.png', 'image/png', Buffer.from('not an image at all')),
    });
    expect(fake.statusCode).toBe(415);
    const wrongField = await admin.inject({
      method: 'POST',
      url: '/api/preset-styles/upload-image',
      ...multipart('file', 'a.jpg', 'image/jpeg', jpeg),
    });
    expect(wrongField.statusCode).toBe(400);

    // create with it, then replace it: the old upload is removed from storage
    const created = (
      await admin.post('/api/preset-styles', { ...valid, name: 'With Image', previewImageUrl: imageUrl })
    ).json();
    expect(created.previewImageUrl).toBe(imageUrl);
    const key = imageUrl.slice('/files/'.length);
    expect(await h.deps.storage.getBuffer(key)).not.toBeNull();
    const updated = await admin.put(`/api/preset-styles/${created.id}`, {
      ...valid,
      name: 'With Image',
      previewImageUrl: 'https://example.com/p.png',
    });
    expect(updated.json().previewImageUrl).toBe('https://example.com/p.png');
    // collected by a job after the commit (styles.jobs.ts)
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.getBuffer(key)).toBeNull();
  });

  it('collects a preview once no style uses it: on delete, not while shared, and unused uploads later', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#993366' } })
      .png()
      .toBuffer();
    const upload = async () => {
      const up = await admin.inject({
        method: 'POST',
        url: '/api/preset-styles/upload-image',
        ...multipart('image', 'p.png', 'image/png', png),
      });
      expect(up.statusCode).toBe(201);
      const imageUrl = up.json().imageUrl as string;
      return { imageUrl, key: imageUrl.slice('/files/'.length) };
    };
    // shared by two styles: deleting one keeps it, deleting both collects it
    const shared = await upload();
    const a = (
      await admin.post('/api/preset-styles', { ...valid, name: 'Shared A', previewImageUrl: shared.imageUrl })
    ).json();
    const b = (
      await admin.post('/api/preset-styles', { ...valid, name: 'Shared B', previewImageUrl: shared.imageUrl })
    ).json();
    expect((await admin.del(`/api/preset-styles/${a.id}`)).statusCode).toBe(200);
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.head(shared.key)).not.toBeNull();
    expect((await admin.del(`/api/preset-styles/${b.id}`)).statusCode).toBe(200);
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.head(shared.key)).toBeNull();

    // an upload no style saved is collected after its grace period; one that was saved stays
    const unused = await upload();
    const used = await upload();
    await admin.post('/api/preset-styles', { ...valid, name: 'Uses Upload', previewImageUrl: used.imageUrl });
    const later = await h.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.name, 'styles.collect-preview'), eq(jobs.status, 'queued')))
      .returning({ id: jobs.id });
    expect(later.length).toBeGreaterThanOrEqual(2);
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.head(unused.key)).toBeNull();
    expect(await h.deps.storage.head(used.key)).not.toBeNull();
  });

  it('updates, hides inactive and NSFW styles from users, deletes', async () => {
    const s = (await admin.post('/api/preset-styles', { ...valid, name: 'Hidden Later' })).json();
    const upd = await admin.put(`/api/preset-styles/${s.id}`, {
      ...valid,
      name: 'Hidden Later',
      isActive: false,
      tokenCost: 10,
    });
    expect(upd.json()).toMatchObject({ isActive: false, tokenCost: 10 });
    expect((await user.get('/api/preset-styles')).json().some((x: { id: string }) => x.id === s.id)).toBe(
      false,
    );
    expect((await user.get(`/api/preset-styles/${s.id}`)).statusCode).toBe(404);
    await admin.put(`/api/preset-styles/${s.id}`, {
      ...valid,
      name: 'Hidden Later',
      isActive: true,
      isNSFW: true,
    });
    expect(
      (await user.get('/api/preset-styles?showNsfw=true')).json().some((x: { id: string }) => x.id === s.id),
    ).toBe(false);
    const all = (await admin.get('/api/preset-styles?showNsfw=true&includeInactive=true')).json();
    expect(all.some((x: { id: string }) => x.id === s.id)).toBe(true);
    const del = await admin.del(`/api/preset-styles/${s.id}`);
    expect(del.statusCode).toBe(200);
    expect((await admin.get(`/api/preset-styles/${s.id}?showNsfw=true`)).statusCode).toBe(404);
    expect((await admin.del(`/api/preset-styles/${s.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/preset-styles/${s.id}`, valid)).statusCode).toBe(404);
  });

  it('lists in a stable order: styles created at the same moment come by name', async () => {
    const { presetStyles } = await import('../../db/schema/index');
    const at = new Date('2026-01-01T00:00:00Z');
    await h.deps.db.insert(presetStyles).values(
      ['Zeta Tie', 'Alpha Tie', 'Mid Tie'].map((name) => ({
        name,
        description: 'same moment',
        prompt: 'tie breaker prompt',
        createdAt: at,
        updatedAt: at,
      })),
    );
    const names = async () =>
      (
        (await admin.get('/api/preset-styles?showNsfw=true&includeInactive=true')).json() as {
          name: string;
        }[]
      ).map((s) => s.name);
    const first = await names();
    expect(first.filter((n) => n.endsWith(' Tie'))).toEqual(['Alpha Tie', 'Mid Tie', 'Zeta Tie']);
    for (let i = 0; i < 3; i++) expect(await names()).toEqual(first);
  });

  it('refuses users (403) and guests (401) and changes nothing', async () => {
    const [s] = (await admin.get('/api/preset-styles')).json();
    const before = JSON.stringify(await h.deps.db.query.presetStyles.findMany());
    for (const [c, want] of [
      [user, 403],
      [h.client(), 401],
    ] as const) {
      expect((await c.post('/api/preset-styles', valid)).statusCode).toBe(want);
      expect((await c.post('/api/preset-styles', {})).statusCode).toBe(want);
      expect((await c.put(`/api/preset-styles/${s.id}`, valid)).statusCode).toBe(want);
      expect((await c.del(`/api/preset-styles/${s.id}`)).statusCode).toBe(want);
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      expect(
        (
          await c.inject({
            method: 'POST',
            url: '/api/preset-styles/upload-image',
            ...multipart('image', 'a.png', 'image/png', png),
          })
        ).statusCode,
      ).toBe(want);
    }
    expect(JSON.stringify(await h.deps.db.query.presetStyles.findMany())).toBe(before);
  });
});
