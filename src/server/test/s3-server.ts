import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver, decision 016) on a random loopback port, its objects in a
 * temporary directory removed on stop. Used by the storage contract tests, by API tests that run
 * the app on S3, and by scripts that start whole processes against it:
 *
 *   const s3 = await startS3Server();          // { endpoint, bucket, region, accessKeyId, ... }
 *   spawn('node', [...], { env: { ...process.env, ...s3.env } });
 *   await s3.stop();
 *
 * or as its own process: `npx tsx src/server/test/s3-server.ts` prints one JSON line
 * `{"endpoint":…,"env":{…}}` on stdout and serves until SIGTERM/SIGINT.
 */
export type S3TestServer = {
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver accepts signed requests from this one hard-coded key pair only */
  accessKeyId: string;
  secretAccessKey: string;
  /** the app's S3_* variables (src/server/config.ts) pointing at this server */
  env: Record<
    'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY',
    string
  >;
  /** the temporary directory holding the objects */
  directory: string;
  stop: () => Promise<void>;
};

/**
 * s3rver makes ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17+) no
 * longer ships: every truncated listing answers 500. Triple DES with the key repeated three times
 * is the same cipher byte for byte and is still available, so 'des' is routed to it. Only the
 * test process running s3rver is patched; nothing else asks for single DES (it would throw).
 */
function routeSingleDesToTripleDes() {
  const patched = Symbol.for('lora-studio.s3rver-des');
  const c = crypto as unknown as Record<string | symbol, unknown>;
  if (c[patched]) return;
  c[patched] = true;
  const wrap = <F extends (alg: string, key: Buffer, iv: Buffer) => unknown>(orig: F) =>
    ((alg: string, key: Buffer, iv: Buffer) =>
      alg === 'des' && key.length === 8
        ? orig('des-ede3-cbc', Buffer.concat([key, key, key]), iv)
        : orig(alg, key, iv)) as unknown as F;
  crypto.createCipheriv = wrap(crypto.createCipheriv as never);
  crypto.createDecipheriv = wrap(crypto.createDecipheriv as never);
}

export async function startS3Server(opts: { bucket?: string; port?: number } = {}): Promise<S3TestServer> {
  routeSingleDesToTripleDes();
  const bucket = opts.bucket ?? 'lora-studio-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };
  return {
    endpoint,
    bucket,
    ...creds,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: creds.region,
      S3_ACCESS_KEY_ID: creds.accessKeyId,
      S3_SECRET_ACCESS_KEY: creds.secretAccessKey,
    },
    directory,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export async function stopS3Server(server: S3TestServer) {
  await server.stop();
}

// Run directly: serve until told to stop, so a shell script or another process can use it.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const portArg = process.argv.find((a) => a.startsWith('--port='));
  const s3 = await startS3Server({ port: portArg ? Number(portArg.slice(7)) : undefined });
  process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket, env: s3.env })}\n`);
  const shutdown = () => void s3.stop().then(() => process.exit(0));
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
