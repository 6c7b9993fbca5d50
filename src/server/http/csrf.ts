import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// docs/product/interfaces.md "Pinned details": cookie-authenticated writes must come from our own origin.
// Requests with neither Origin nor Referer (non-browser clients) pass; webhooks carry no cookie.
export function registerCsrf(app: FastifyInstance, opts: { publicUrl: string; cookieName: string }) {
  const allowed = new Set([new URL(opts.publicUrl).origin]);
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    if (!request.cookies?.[opts.cookieName]) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    let source: string | undefined;
    if (typeof origin === 'string' && origin !== '') source = origin;
    else if (typeof referer === 'string' && referer !== '') {
      try {
        source = new URL(referer).origin;
      } catch {
        source = 'invalid';
      }
    }
    if (source === undefined) return;
    // A form POST (the gallery's zip download) under our `Referrer-Policy: no-referrer` carries
    // `Origin: null`; the browser's own Sec-Fetch-Site, which no page can set, still says where it came from.
    if (source === 'null' && request.headers['sec-fetch-site'] === 'same-origin') return;
    const host = request.headers.host;
    // The site's own origin is also whatever host the request came in on (PUBLIC_URL may differ from a LAN name).
    const selfOrigin = host ? `${request.protocol}://${host}` : undefined;
    if (allowed.has(source) || source === selfOrigin) return;
    return sendError(reply, 403, 'CSRF_REJECTED', 'Cross-site request refused');
  });
}
