import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/support';
import { createUrlSigner } from '../storage/signed-url';
import { purposeKey } from '../lib/keys';
import { createHarness, type Harness } from '../test/harness';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { settleFileJobs } from '../test/storage-jobs';
import { modelWithPhotos } from '../test/training-helpers';

/**
 * The app with its S3 settings pointing at a real S3-compatible server (s3rver, decision 016):
 * stored files keep the local-disk access rules, headers and clean-up.
 */
let s3: S3TestServer;
let h: Harness;
beforeAll(async () => {
  s3 = await startS3Server();
  h = await createHarness(s3.env);
});
afterAll(async () => {
  await h?.close();
  await s3?.stop();
});

describe('files on S3', () => {
  it('runs on S3 storage, with the catalog seeded into the bucket', async () => {
    expect(h.deps.storage.kind).toBe('s3');
    expect((await h.deps.storage.list('public/styles/')).length).toBeGreaterThan(0);
    const style = await h.client().get('/files/public/styles/anime.webp');
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toBe('image/webp');
    expect(style.headers['x-content-type-options']).toBe('nosniff');
    // readiness writes, reads and deletes a probe object in the bucket
    const ready = await h.client().get('/api/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.storage).toBe(true);
  });

  it("serves a user's photo to its owner and an admin, to no one else", async () => {
    const owner = h.client();
    const u = await owner.register('s3_owner');
    const id = await modelWithPhotos(owner, 5, 11);
    const model = (await owner.get(`/api/models/${id}`)).json();
    const thumbUrl: string = model.trainingImages[0].previewImageUrl;
    expect(thumbUrl).toMatch(new RegExp(`^/files/u/${u.id}/models/${id}/`));
    const key = thumbUrl.slice('/files/'.length);
    expect(await h.deps.storage.head(key)).not.toBeNull();

    const own = await owner.get(thumbUrl);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(Number(own.headers['content-length'])).toBe(own.rawPayload.length);

    expect((await (await h.admin()).get(thumbUrl)).statusCode).toBe(200);
    const stranger = h.client();
    await stranger.register('s3_stranger');
    const refused = await stranger.get(thumbUrl);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    // nobody signed in: 401 (issue 45, N7); the stranger above keeps the 404 of a missing file
    expect((await h.client().get(thumbUrl)).statusCode).toBe(401);
    expect((await owner.get(`/files/u/${u.id}/models/${id}/images/none.jpg`)).statusCode).toBe(404);
  });

  it('serves signed links until they expire, and not when tampered with', async () => {
    const owner = h.client();
    const u = await owner.register('s3_signed');
    const key = `u/${u.id}/models/x/lora.safetensors`;
    await h.deps.storage.put(key, Buffer.from('weights'), 'application/octet-stream');
    const path = (url: string) => url.slice(h.config.publicUrl.length);

    const fresh = await h.client().get(path(h.deps.signer.sign(key, 60)));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe('weights');
    expect(fresh.headers['content-type']).toBe('application/octet-stream');
    expect(fresh.headers['x-content-type-options']).toBe('nosniff');

    // signed two hours ago for one hour: expired
    const past = createUrlSigner({
      secret: purposeKey(h.config.sessionSecret, 'file-urls'),
      publicUrl: h.config.publicUrl,
      now: () => Date.now() - 2 * 3_600_000,
    });
    expect((await h.client().get(path(past.sign(key, 3600)))).statusCode).toBe(403);
    const tampered = path(h.deps.signer.sign(key, 60)).replace(/sig=./, (m) =>
      m.endsWith('0') ? 'sig=1' : 'sig=0',
    );
    expect((await h.client().get(tampered)).statusCode).toBe(403);
    // a link for one key does not open another
    const other = `u/${u.id}/models/x/artifact.json`;
    await h.deps.storage.put(other, Buffer.from('{}'), 'application/json');
    const forOther = path(h.deps.signer.sign(key, 60)).replace('lora.safetensors', 'artifact.json');
    expect((await h.client().get(forOther)).statusCode).toBe(403);
  });

  it('serves byte ranges (206, 416) with the same access rules', async () => {
    const owner = h.client();
    const u = await owner.register('s3_range');
    const key = `u/${u.id}/models/r/lora.safetensors`;
    await h.deps.storage.put(key, Buffer.from('0123456789'), 'application/octet-stream');
    const get = (c: ReturnType<Harness['client']>, range: string, url = `/files/${key}`) =>
      c.inject({ method: 'GET', url, headers: { range } });

    const mid = await get(owner, 'bytes=2-5');
    expect(mid.statusCode).toBe(206);
    expect(mid.body).toBe('2345');
    expect(mid.headers['content-range']).toBe('bytes 2-5/10');
    expect(mid.headers['content-length']).toBe('4');
    expect(mid.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(owner, 'bytes=7-')).body).toBe('789');
    expect((await get(owner, 'bytes=-3')).body).toBe('789');
    expect((await get(owner, 'bytes=8-100')).headers['content-range']).toBe('bytes 8-9/10');
    const beyond = await get(owner, 'bytes=10-');
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */10');
    // unusable ranges are ignored: the whole file
    for (const r of ['bytes=5-2', 'bytes=0-1,4-5', 'items=0-1']) {
      const whole = await get(owner, r);
      expect(whole.statusCode).toBe(200);
      expect(whole.body).toBe('0123456789');
    }
    // a range opens nothing more than a plain request
    const stranger = h.client();
    await stranger.register('s3_range_x');
    expect((await get(stranger, 'bytes=0-3')).statusCode).toBe(404);
    const signed = h.deps.signer.sign(key, 60).slice(h.config.publicUrl.length);
    expect((await get(h.client(), 'bytes=0-3', signed)).body).toBe('0123');
  });

  it('deleting a model removes its files from the bucket after the commit', async () => {
    const owner = h.client();
    const u = await owner.register('s3_delete');
    const id = await modelWithPhotos(owner, 5, 21);
    const prefix = `u/${u.id}/models/${id}/`;
    expect((await h.deps.storage.list(prefix)).length).toBe(10); // photos + thumbnails
    expect((await owner.del(`/api/models/${id}`)).statusCode).toBe(200);
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.list(prefix)).toEqual([]);
    // a file written late by a job still running at the deletion goes with the second sweep
    await h.deps.storage.put(`${prefix}lora.safetensors`, Buffer.from('late'), 'application/octet-stream');
    const sweep = await h.deps.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.name, 'storage.delete-prefix'), eq(jobs.status, 'queued')))
      .returning({ payload: jobs.payload });
    expect(sweep.map((j) => j.payload)).toContainEqual({ prefix });
    await settleFileJobs(h.deps);
    expect(await h.deps.storage.list(prefix)).toEqual([]);
  });
});
