import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { forbidden, notFound, unauthorized } from '../lib/errors';
import { holdsPhotosOfPeople, isDataExportKey } from '../storage/keys';
import { assertSafeKey, ownerOfKey, type ByteRange } from '../storage/storage';

/** A private file is kept by the browser this long: signing out elsewhere ends access soon after. */
export const PRIVATE_FILE_MAX_AGE_S = 300;

const EXPORT_NEEDS_SESSION = 'Your data export downloads only from Settings → Privacy, signed in.';
const LINK_INVALID = 'This file link is invalid or has expired.';

/** Public files for a day; private ones briefly, for this browser only; photos of people never. */
export function cacheControl(key: string, owner: string) {
  if (owner === 'public') return 'public, max-age=86400';
  if (holdsPhotosOfPeople(key)) return 'private, no-store';
  return `private, max-age=${PRIVATE_FILE_MAX_AGE_S}`;
}

// docs/product/decisions.md §6: stored files go only to whoever may read them (session-checked or signed URL).
// Local disk and S3 are served the same way, through this route: the bucket stays private and no
// S3 URL is ever handed out (decision 016).
//
// Who gets what (security review, issues 40 and 45):
// - the owner (session, or a personal API key with the `read` scope: the `imageUrl`s of a key's
//   answers must open for it) and, with a session, an admin; a signed link opens its one file;
// - a data export only to its owner's session: no admin, no signed link, no key (the archive is the
//   whole account);
// - nobody signed in and no signature → 401; a signature that does not verify → 403; a signed-in
//   caller (or key) asking for someone else's file → 404, the same answer as a missing file, so
//   nobody learns which of another person's files exist.
export async function filesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.get('/files/*', { config: { apiKey: 'read' } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const q = request.query as { exp?: string; sig?: string };
    const owner = ownerOfKey(key);
    if (!owner) throw notFound();
    if (owner !== 'public') {
      const user = request.user;
      const own = user?.id === owner;
      if (isDataExportKey(key)) {
        if (!user) throw unauthorized();
        if (!own) throw notFound();
        if (!request.sessionId) throw forbidden(EXPORT_NEEDS_SESSION);
      } else if (!own && !(user?.isAdmin && request.sessionId)) {
        const signed = q.sig !== undefined || q.exp !== undefined;
        if (!signed || !deps.signer.verify(key, q.exp, q.sig)) {
          if (user) throw notFound();
          throw signed ? forbidden(LINK_INVALID) : unauthorized();
        }
      }
    }
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
