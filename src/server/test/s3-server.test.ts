import { access } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../storage/s3';
import { startS3Server, type S3TestServer } from './s3-server';

/** The helper itself, and s3rver's behaviour as decision 016 describes it (gaps included). */
describe('s3rver test server', () => {
  let a: S3TestServer;
  let b: S3TestServer;
  beforeAll(async () => {
    [a, b] = await Promise.all([startS3Server(), startS3Server({ bucket: 'other-bucket' })]);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  const objectUrl = (s: S3TestServer, key: string, query = '') => `${s.endpoint}/${s.bucket}/${key}${query}`;

  it('runs several on random loopback ports, each with its bucket and S3_* settings', async () => {
    expect(a.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.endpoint).not.toBe(b.endpoint);
    expect(b.bucket).toBe('other-bucket');
    expect(a.env).toEqual({
      S3_ENDPOINT: a.endpoint,
      S3_BUCKET: a.bucket,
      S3_REGION: a.region,
      S3_ACCESS_KEY_ID: a.accessKeyId,
      S3_SECRET_ACCESS_KEY: a.secretAccessKey,
    });
    const storage = createS3Storage({ ...a, endpoint: a.endpoint });
    await storage.put('public/hello.txt', Buffer.from('hello world'), 'text/plain');
    expect((await storage.getBuffer('public/hello.txt'))!.toString()).toBe('hello world');
  });

  it('answers range reads and checks presigned URL expiry (unused by the app)', async () => {
    const range = await fetch(objectUrl(a, 'public/hello.txt'), { headers: { range: 'bytes=6-' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe('bytes 6-10/11');
    expect(await range.text()).toBe('world');
    expect(
      (await fetch(objectUrl(a, 'public/hello.txt'), { headers: { range: 'bytes=50-60' } })).status,
    ).toBe(416);

    const presigned = (date: string) =>
      objectUrl(
        a,
        'public/hello.txt',
        `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=S3RVER%2F20260101%2Fus-east-1%2Fs3%2Faws4_request` +
          `&X-Amz-Date=${date}&X-Amz-Expires=60&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`,
      );
    const expired = await fetch(presigned('20200101T000000Z'));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
    const now = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    // gap (decision 016): the signature itself is not checked, only the expiry
    expect((await fetch(presigned(now))).status).toBe(200);
  });

  it('does not check signatures or privacy: anonymous and wrong-secret requests are served', async () => {
    // pinned so that a newer s3rver that starts checking is noticed (decision 016, gap 2)
    expect((await fetch(objectUrl(a, 'public/hello.txt'))).status).toBe(200);
    const wrong = createS3Storage({ ...a, secretAccessKey: 'not-the-secret' });
    expect((await wrong.getBuffer('public/hello.txt'))!.toString()).toBe('hello world');
  });

  it('stops: the port closes and the temporary directory is removed', async () => {
    const c = await startS3Server();
    await access(c.directory);
    await c.stop();
    await expect(access(c.directory)).rejects.toThrow();
    await expect(fetch(objectUrl(c, 'x'))).rejects.toThrow();
    await c.stop(); // twice is harmless
  });
});
