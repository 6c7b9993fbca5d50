import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { notFound } from '../lib/errors';
import { assertSafeKey, ownerOfKey } from '../storage/storage';

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
    const obj = await deps.storage.get(key);
    if (!obj) throw notFound();
    reply.header('Content-Type', obj.contentType);
    if (obj.size) reply.header('Content-Length', String(obj.size));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', owner === 'public' ? 'public, max-age=86400' : 'private, max-age=3600');
    return reply.send(obj.stream);
  });
}
