import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { notFound } from '../lib/errors';
import { ownerOfKey } from '../storage/storage';

// docs/product/decisions.md §6: stored files go only to whoever may read them (session-checked or signed URL).
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
