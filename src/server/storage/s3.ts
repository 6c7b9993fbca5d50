import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import type * as S3 from '@aws-sdk/client-s3';
import { assertSafeKey, assertSafePrefix, contentTypeOfKey, type ByteRange, type Storage } from './storage';

export type S3StorageConfig = {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** objects larger than this go up in parts (S3 allows 5 GiB in one PUT; parts retry cheaply) */
  multipartThresholdBytes?: number;
  /** S3 refuses parts under 5 MiB except the last */
  partSizeBytes?: number;
  /** keys per ListObjectsV2 page and per DeleteObjects batch (S3's maximum is 1000) */
  batchSize?: number;
};

const MiB = 1024 * 1024;

/** S3 answers a missing key with NoSuchKey (GET) or a bare 404 (HEAD, which has no body). */
function isMissingKey(err: unknown) {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.Code === 'NoSuchKey' || e.name === 'NotFound';
}

const require = createRequire(import.meta.url);

export function createS3Storage(cfg: S3StorageConfig): Storage {
  // The SDK loads with the first S3 storage, not at every start: ~120 ms and several MB resident that
  // a studio storing on its own disk never needs (docs/decisions/041-lean-start.md).
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    UploadPartCommand,
  } = require('@aws-sdk/client-s3') as typeof S3;
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    // an explicit endpoint is an S3-compatible server (MinIO, Ceph, …): bucket in the path
    forcePathStyle: Boolean(cfg.endpoint),
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
  });
  const Bucket = cfg.bucket;
  const threshold = cfg.multipartThresholdBytes ?? 16 * MiB;
  const partSize = Math.max(cfg.partSizeBytes ?? 8 * MiB, 5 * MiB);
  const batch = Math.min(Math.max(cfg.batchSize ?? 1000, 1), 1000);

  async function getObject(key: string, range?: ByteRange) {
    assertSafeKey(key);
    try {
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      return await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw err;
    }
  }

  async function putMultipart(key: string, data: Buffer, contentType: string) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    try {
      const parts = [];
      for (let n = 0; n * partSize < data.length; n++) {
        const body = data.subarray(n * partSize, (n + 1) * partSize);
        const out = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber: n + 1, Body: body }),
        );
        parts.push({ ETag: out.ETag, PartNumber: n + 1 });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (err) {
      // parts of an abandoned upload are billed until aborted (a bucket lifecycle rule is the backstop)
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw err;
    }
  }

  /**
   * A stream of unknown length: one part buffered at a time (partSize), so memory stays at about one
   * part however large the object; a stream shorter than one part is a single PUT.
   */
  async function putStream(key: string, data: Readable, contentType: string) {
    let buffered: Buffer[] = [];
    let size = 0;
    let total = 0;
    let upload: { UploadId: string; parts: { ETag?: string; PartNumber: number }[] } | null = null;
    const flush = async () => {
      const body = Buffer.concat(buffered, size);
      buffered = [];
      size = 0;
      if (!upload) {
        const { UploadId } = await client.send(
          new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
        );
        upload = { UploadId: UploadId!, parts: [] };
      }
      const PartNumber = upload.parts.length + 1;
      const out = await client.send(
        new UploadPartCommand({ Bucket, Key: key, UploadId: upload.UploadId, PartNumber, Body: body }),
      );
      upload.parts.push({ ETag: out.ETag, PartNumber });
    };
    try {
      for await (const chunk of data) {
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        buffered.push(b);
        size += b.length;
        total += b.length;
        if (size >= partSize) await flush();
      }
      if (!upload) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: Buffer.concat(buffered, size),
            ContentType: contentType,
          }),
        );
        return total;
      }
      if (size > 0) await flush();
      const done = upload as { UploadId: string; parts: { ETag?: string; PartNumber: number }[] };
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: done.UploadId,
          MultipartUpload: { Parts: done.parts },
        }),
      );
      return total;
    } catch (err) {
      const open = upload as { UploadId: string } | null;
      if (open)
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: open.UploadId }))
          .catch(() => {});
      throw err;
    }
  }

  const storage: Storage = {
    kind: 's3',
    async putStream(key, data, contentType) {
      assertSafeKey(key);
      return putStream(key, data, contentType);
    },
    async put(key, data, contentType) {
      assertSafeKey(key);
      if (data.length > threshold) return putMultipart(key, data, contentType);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async head(key) {
      assertSafeKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOfKey(key),
        };
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },
    async get(key, range) {
      const out = await getObject(key, range);
      if (!out?.Body) return null;
      // a ranged answer's Content-Length is the part's; the whole size is after the slash of Content-Range
      const total = range ? Number(/\/(\d+)$/.exec(out.ContentRange ?? '')?.[1]) : NaN;
      return {
        stream: out.Body as Readable,
        size: Number.isFinite(total) ? total : (out.ContentLength ?? 0),
        contentType: out.ContentType ?? contentTypeOfKey(key),
      };
    },
    async getBuffer(key) {
      const out = await getObject(key);
      if (!out?.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: batch }),
        );
        for (const c of page.Contents ?? []) if (c.Key) keys.push(c.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async deletePrefix(prefix) {
      // list first, then delete: deleting while paging would shift the pages under the token
      const keys = await storage.list(prefix);
      for (let i = 0; i < keys.length; i += batch) {
        const Objects = keys.slice(i, i + batch).map((Key) => ({ Key }));
        const out = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        // DeleteObjects answers 200 even when some keys failed; those are listed in Errors
        const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (failed.length) {
          throw new Error(
            `could not delete ${failed.length} object(s) under ${prefix}: ${failed[0].Code} ${failed[0].Key}`,
          );
        }
      }
      return keys.length;
    },
  };
  return storage;
}
