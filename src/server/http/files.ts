import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { notFound } from '../lib/errors';
import { holdsPhotosOfPeople } from '../storage/keys';
import { assertSafeKey, ownerOfKey, type ByteRange } from '../storage/storage';

/** A private file is kept by the browser this long: signing out elsewhere ends access soon after. */
export const PRIVATE_FILE_MAX_AGE_S = 300;

/** Public files for a day; private ones briefly, for this browser only; photos of people never. */
export function cacheControl(key: string, owner: string) {
  if (owner === 'public') return 'public, max-age=86400';
  if (holdsPhotosOfPeople(key)) return 'private, no-store';
  return `private, max-age=${PRIVATE_FILE_MAX_AGE_S}`;
}

// docs/product/decisions.md §6: stored files go only to whoever may read them (session-checked or signed URL).
// Local disk and S3 are served the same way, through this route: the bucket stays private and no
// S3 URL is ever handed out (decision 016).
export async function filesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const q = request.query as { exp?: string; sig?: string };
    const owner = ownerOfKey(key);
    if (!owner) throw notFound();
    let allowed = owner === 'public' || request.user?.isAdmin === true || request.user?.id === owner;
    // signed links (storage/signed-url.ts) let a vendor fetch training zips and weights
    if (!allowed) allowed = deps.signer.verify(key, q.exp, q.sig);
    if (!allowed) throw notFound();
    try {
      assertSafeKey(key);
    } catch {
      throw notFound();
    }
    // a missing file is a 404; storage failing (S3 down, bad credentials) is the server's error
    // and is logged as one instead of passing for a missing file
    const cache = cacheControl(key, owner);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Accept-Ranges', 'bytes');
    const wanted = request.headers.range;
    if (typeof wanted === 'string' && /^bytes=\d*-\d*$/.test(wanted.trim())) {
      // large weights are fetched by vendors that resume with a range (a single one is served)
      const info = await deps.storage.head(key);
      if (!info) throw notFound();
      const range = byteRange(wanted.trim(), info.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${info.size}`).send();
      }
      if (range) {
        const part = await deps.storage.get(key, range);
        if (!part) throw notFound();
        reply.code(206);
        reply.header('Content-Type', part.contentType);
        reply.header('Content-Range', `bytes ${range.start}-${range.end}/${part.size}`);
        reply.header('Content-Length', String(range.end - range.start + 1));
        reply.header('Cache-Control', cache);
        return reply.send(part.stream);
      }
    }
    const obj = await deps.storage.get(key);
    if (!obj) throw notFound();
    reply.header('Content-Type', obj.contentType);
    if (obj.size) reply.header('Content-Length', String(obj.size));
    reply.header('Cache-Control', cache);
    return reply.send(obj.stream);
  });
}

/**
 * One `bytes=` range against an object of `size` bytes (RFC 9110 §14.1.2): `a-b`, `a-` or the
 * last `-n` bytes. A syntactically invalid one (`5-2`, `-`) is ignored: the whole file is sent.
 */
export function byteRange(header: string, size: number): ByteRange | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) };
}
