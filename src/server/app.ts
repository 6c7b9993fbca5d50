import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import { MAX_MODEL_IMAGES, MAX_PHOTO_BYTES } from '../shared/constants';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { registerControlCharGuard } from './http/control-chars';
import { registerCsrf } from './http/csrf';
import { registerSecurityHeaders } from './http/security-headers';
import { registerErrorHandler, sendError } from './http/error-handler';
import { filesRoutes } from './http/files';
import { registerGuards } from './http/guards';
import { createAppMetrics, registerRequestMetrics } from './http/metrics';
import { registerSession, SESSION_COOKIE } from './http/session';
import { THEME_BOOT_SCRIPT_HASH } from './http/pages';
import { AFTER_PAINT_SCRIPT_HASH } from './http/after-paint';
import { registerStatic } from './http/static';
import { zodSchemaController } from './http/schema-compilers';
import { photoClaim } from '../shared/photo-claim';
import { liveProcessors } from './modules/system';
import { purposeKey } from './lib/keys';
import { createAuthService } from './modules/auth';
import type { ModuleContext } from './http/server-module';
import { SERVER_MODULES } from './server-modules';
import { createTwoFactorService } from './modules/two-factor';
import { createThemeService, themeResponse } from './modules/theme';
import { createApiKeysService } from './modules/api-keys';

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/**
 * Fastify 5 ignores a numeric trustProxy (it cannot check the immediate peer), so a hop count is
 * spelled as the function proxy-addr calls per hop: hop 0 is the socket, the next ones the header's
 * entries from the right. Only right when clients cannot reach the server except through those proxies.
 */
function fastifyTrustProxy(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
/** A proxy's or client's `X-Request-Id` is kept when it looks like an id; anything else gets a fresh one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export type BuildOptions = {
  webRoot?: string;
  logger?: boolean | object;
  /** sees every route as it is added, with its schemas (tests and scripts/security walk the real table) */
  onRoute?: (route: RouteOptions) => void;
};

/** Registers plugins and routes; performs no I/O of its own (deps are opened by the caller). */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    schemaController: zodSchemaController,
    // Fastify's own access logs are two lines a request, each serialising req and res; the hook below
    // writes one small line instead (issue 14)
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // every log line of a request carries this as reqId; the client gets it back in X-Request-Id
    requestIdHeader: false,
    // errors the router raises before any hook (an id longer than any id, a broken %-escape in the
    // path) get the pinned error body too, not Fastify's own with its FST_ code (issue 13)
    frameworkErrors: (err, _request, reply) =>
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendError(reply, 404, 'NOT_FOUND', 'Not found')
        : sendError(reply, 400, 'BAD_REQUEST', 'Invalid URL'),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    done();
  });
  const metrics = createAppMetrics();
  registerRequestMetrics(app, metrics);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the two inline scripts: light or dark before the first paint, for a person with no choice of
        // their own (shared/theme-css.ts), and a pre-rendered page's loader (http/after-paint.ts)
        scriptSrc: ["'self'", THEME_BOOT_SCRIPT_HASH, AFTER_PAINT_SCRIPT_HASH, 'https://js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // derived for cookies only (lib/keys.ts): cookies signed with the raw secret before issue 28 no
  // longer verify, so every session and device cookie ended once with that release
  await app.register(fastifyCookie, { secret: purposeKey(deps.config.sessionSecret, 'cookies') });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_MODEL_IMAGES, fields: 20, parts: MAX_MODEL_IMAGES + 20 },
  });
  registerCsrf(app, { publicUrl: deps.config.publicUrl, cookieName: SESSION_COOKIE });

  const auth = createAuthService(deps);
  registerSession(app, auth, createApiKeysService(deps), { adminSecondFactor: deps.config.admin2fa });
  registerGuards(app);
  registerControlCharGuard(app);

  const ctx: ModuleContext = {
    deps,
    metrics,
    auth,
    twoFactor: createTwoFactorService(deps, auth),
    theme: createThemeService(deps.db),
  };
  for (const m of SERVER_MODULES) await m.routes?.(app, ctx);
  await app.register(filesRoutes, { deps });

  await registerStatic(app, opts.webRoot ?? defaultWebRoot, {
    publicUrl: deps.config.publicUrl,
    theme: async () => themeResponse(await ctx.theme.current()),
    photoClaim: photoClaim(liveProcessors(deps.engines.names)),
  });
  return app;
}
