import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { hmac, safeEqual } from '../lib/crypto';
import { notFound } from '../lib/errors';
import { ownerOfKey } from '../storage/storage';

/** A URL a vendor (or anyone holding it) may fetch until it expires; used for training zips. */
export function signedFileUrl(deps: Pick<AppDeps, 'config'>, key: string, ttlSeconds = 3600) {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const sig = hmac(deps.config.sessionSecret, `${key}|${exp}`);
  return `${deps.config.publicUrl}/files/${key}?exp=${exp}&sig=${sig}`;
}

// DECISIONS 6: stored files go only to whoever may read them (session-checked or signed URL).
export async function filesRoutes(app: FastifyInstance, opts: { deps: AppDeps }) {
  const { deps } = opts;
  app.get('/files/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const q = request.query as { exp?: string; sig?: string };
    const owner = ownerOfKey(key);
    if (!owner) throw notFound();
    let allowed = owner === 'public' || request.user?.isAdmin === true || request.user?.id === owner;
    if (!allowed && q.exp && q.sig && /^\d+$/.test(q.exp) && Number(q.exp) > Date.now() / 1000) {
      allowed = safeEqual(q.sig, hmac(deps.config.sessionSecret, `${key}|${q.exp}`));
    }
    if (!allowed) throw notFound();
    let obj;
    try {
      obj = await deps.storage.get(key);
    } catch {
      throw notFound();
    }
    if (!obj) throw notFound();
    reply.header('Content-Type', obj.contentType);
    if (obj.size) reply.header('Content-Length', String(obj.size));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', owner === 'public' ? 'public, max-age=86400' : 'private, max-age=3600');
    return reply.send(obj.stream);
  });
}
