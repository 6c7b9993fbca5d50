import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../test/s3-server';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

const MiB = 1024 * 1024;
const U = '3f2b9c1e-8d4a-4b6f-9e2d-1a2b3c4d5e6f';

/**
 * The same cases against each backend: local disk, and S3 on a real S3-compatible server
 * (s3rver, decision 016). The S3 adapter is built with small pages and batches so that paging
 * and multipart run on a few keys and a 12 MiB object.
 */
const backends: [string, () => Promise<{ storage: Storage; close: () => Promise<void> }>][] = [
  [
    'local',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'storage-contract-'));
      return { storage: createLocalStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3: S3TestServer = await startS3Server();
      const storage = createS3Storage({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        multipartThresholdBytes: 5 * MiB,
        partSizeBytes: 5 * MiB,
        batchSize: 2,
      });
      return { storage, close: s3.stop };
    },
  ],
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await make());
  });
  afterAll(async () => close());

  it('round-trips bytes with the content type of the key', async () => {
    const cases: [string, string][] = [
      [`u/${U}/a/photo.jpg`, 'image/jpeg'],
      [`u/${U}/a/thumb.webp`, 'image/webp'],
      [`u/${U}/a/artifact.json`, 'application/json'],
      [`u/${U}/a/training-1.zip`, 'application/zip'],
      [`u/${U}/a/lora.safetensors`, 'application/octet-stream'],
      ['public/styles/x.webp', 'image/webp'],
    ];
    for (const [key, type] of cases) {
      const data = Buffer.from(`bytes of ${key}`);
      await storage.put(key, data, type);
      expect(await storage.getBuffer(key)).toEqual(data);
      expect(await storage.head(key)).toEqual({ size: data.length, contentType: type });
      const obj = (await storage.get(key))!;
      expect(obj.size).toBe(data.length);
      expect(obj.contentType).toBe(type);
      expect(await text(obj.stream)).toBe(data.toString());
    }
  });

  it('answers null for a missing key and deletes one without error', async () => {
    const key = `u/${U}/missing/none.jpg`;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    expect(await storage.getBuffer(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    // a "folder" is not an object
    await storage.put(`u/${U}/dir/inner.jpg`, Buffer.from('x'), 'image/jpeg');
    expect(await storage.getBuffer(`u/${U}/dir`)).toBeNull();
    expect(await storage.head(`u/${U}/dir`)).toBeNull();
  });

  it('overwrites, and deletes one key', async () => {
    const key = `u/${U}/over/w.jpg`;
    await storage.put(key, Buffer.from('first'), 'image/jpeg');
    await storage.put(key, Buffer.from('second!'), 'image/jpeg');
    expect((await storage.getBuffer(key))!.toString()).toBe('second!');
    expect((await storage.head(key))!.size).toBe(7);
    await storage.delete(key);
    expect(await storage.getBuffer(key)).toBeNull();
  });

  it('lists a prefix across pages, sorted, and only that folder', async () => {
    const base = `u/${U}/models/1/`;
    const keys = [
      `${base}images/a.jpg`,
      `${base}images/b.jpg`,
      `${base}thumbs/a.webp`,
      `${base}thumbs/b.webp`,
      `${base}lora.safetensors`,
      `${base}training-1.zip`,
      `${base}artifact.json`,
    ];
    for (const k of keys) await storage.put(k, Buffer.from(k), 'application/octet-stream');
    // a sibling whose name starts like the prefix must not match
    await storage.put(`u/${U}/models/12/lora.safetensors`, Buffer.from('other'), 'application/octet-stream');
    expect(await storage.list(base)).toEqual([...keys].sort());
    expect(await storage.list(`${base}images/`)).toEqual([`${base}images/a.jpg`, `${base}images/b.jpg`]);
    expect(await storage.list(`u/${U}/models/none/`)).toEqual([]);
  });

  it('deletes a prefix in batches, idempotently, leaving siblings', async () => {
    const base = `u/${U}/del/7/`;
    const keys = Array.from({ length: 7 }, (_, i) => `${base}f-${i}.jpg`);
    for (const k of keys) await storage.put(k, Buffer.from(k), 'image/jpeg');
    await storage.put(`u/${U}/del/70/keep.jpg`, Buffer.from('keep'), 'image/jpeg');
    expect(await storage.deletePrefix(base)).toBe(7);
    expect(await storage.list(base)).toEqual([]);
    for (const k of keys) expect(await storage.head(k)).toBeNull();
    expect(await storage.deletePrefix(base)).toBe(0);
    expect((await storage.getBuffer(`u/${U}/del/70/keep.jpg`))!.toString()).toBe('keep');
  });

  it('stores a large object whole (multipart on S3)', async () => {
    const big = Buffer.alloc(12 * MiB + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
    const key = `u/${U}/big/lora.safetensors`;
    await storage.put(key, big, 'application/octet-stream');
    expect(await storage.head(key)).toEqual({ size: big.length, contentType: 'application/octet-stream' });
    expect((await storage.getBuffer(key))!.equals(big)).toBe(true);
  });

  it('writes a stream of unknown length whole, small or in parts, and nothing when it fails', async () => {
    const big = Buffer.alloc(11 * MiB + 7);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 241;
    const chunks = function* () {
      for (let i = 0; i < big.length; i += 300_000) yield big.subarray(i, i + 300_000);
    };
    const key = `u/${U}/stream/export.zip`;
    expect(await storage.putStream(key, Readable.from(chunks()), 'application/zip')).toBe(big.length);
    expect((await storage.getBuffer(key))!.equals(big)).toBe(true);
    const small = `u/${U}/stream/small.json`;
    expect(
      await storage.putStream(
        small,
        Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]),
        'application/json',
      ),
    ).toBe(7);
    expect((await storage.getBuffer(small))!.toString()).toBe('{"a":1}');
    const broken = `u/${U}/stream/broken.zip`;
    const failing = Readable.from(
      (function* () {
        yield big.subarray(0, 6 * MiB);
        throw new Error('source failed');
      })(),
    );
    await expect(storage.putStream(broken, failing, 'application/zip')).rejects.toThrow('source failed');
    expect(await storage.head(broken)).toBeNull();
    expect(await storage.list(`u/${U}/stream/`)).toEqual([key, small].sort());
  });

  it('reads a byte range', async () => {
    const key = `u/${U}/range/lora.safetensors`;
    await storage.put(key, Buffer.from('0123456789'), 'application/octet-stream');
    const mid = (await storage.get(key, { start: 2, end: 5 }))!;
    expect(mid.size).toBe(10);
    expect(await text(mid.stream)).toBe('2345');
    const tail = (await storage.get(key, { start: 9, end: 9 }))!;
    expect(await text(tail.stream)).toBe('9');
    expect(await storage.get(`u/${U}/range/none.jpg`, { start: 0, end: 1 })).toBeNull();
  });

  it('refuses unsafe keys and prefixes that are not folders', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(storage.get(`u/${U}/../x.jpg`)).rejects.toThrow(/unsafe/);
    await expect(storage.list(`u/${U}/models/1`)).rejects.toThrow(/end with/);
    await expect(storage.deletePrefix('')).rejects.toThrow();
    await expect(storage.deletePrefix('/')).rejects.toThrow(/unsafe/);
  });
});

describe('S3 storage against a misconfigured bucket', () => {
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => s3.stop());

  it('throws instead of reporting files as missing', async () => {
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      bucket: 'no-such-bucket',
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    await expect(storage.get(`u/${U}/a.jpg`)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.put(`u/${U}/a.jpg`, Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    await expect(storage.list(`u/${U}/`)).rejects.toThrow();
  });
});
