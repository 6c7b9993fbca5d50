import { schemaFields, type RouteEntry } from '../../src/server/test/route-catalog';
import { baseBody, bodyCases, createRandom, leakedInternals, queryCases, type BodyCase } from './fuzz-cases';
import type { Reply, Session } from './http';

export type Finding = { check: string; detail: string };
export type Seeded = {
  userId: string;
  username: string;
  email: string;
  modelId: string;
  imageId: string;
  ticketId: string;
  sessionId: string;
};
export type Context = {
  baseUrl: string;
  routes: RouteEntry[];
  admin: Session;
  a: Session;
  b: Session;
  guest: Session;
  /** user A's and B's resources */
  seeded: { a: Seeded; b: Seeded };
  /** ids of shared catalogue rows: baseModelId, styleId, packageId */
  catalogue: Record<string, string>;
  relogin: (s: Session) => Promise<void>;
  findings: Finding[];
  notes: string[];
};

const NO_ID = '00000000-0000-4000-8000-000000000000';
const urlWith = (r: RouteEntry, id: string) => r.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
const clip = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n)}…` : s).replace(/\s+/g, ' ');
const ok = (status: number) => status >= 200 && status < 300;

/** The checks every answer gets: no 5xx, and an error body in the pinned shape with nothing internal in it. */
function judge(ctx: Context, check: string, where: string, res: Reply) {
  if (res.status >= 500) {
    ctx.findings.push({ check, detail: `${where} → ${res.status} ${clip(res.text)}` });
    return;
  }
  if (res.status < 400) return;
  const leak = leakedInternals(res.text);
  if (leak) ctx.findings.push({ check, detail: `${where} → ${res.status} leaks "${leak}"` });
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    ctx.findings.push({ check, detail: `${where} → ${res.status} error as ${type || 'no content type'}` });
    return;
  }
  try {
    const body = JSON.parse(res.text) as Record<string, unknown>;
    if (typeof body.error !== 'string' || typeof body.code !== 'string' || body.message !== body.error)
      ctx.findings.push({
        check,
        detail: `${where} → ${res.status} error body not in the pinned shape ${clip(res.text)}`,
      });
  } catch {
    ctx.findings.push({ check, detail: `${where} → ${res.status} unparseable JSON ${clip(res.text)}` });
  }
}

/** Auth routes and those that end sessions go last, so the fuzzer's own sign-ins are needed as little as possible. */
function fuzzOrder(r: RouteEntry) {
  if (/logout|revoke-all/.test(r.url)) return 3;
  if (r.url.startsWith('/api/auth/') || r.url.startsWith('/api/user/')) return 2;
  return 1;
}

/**
 * (a) A JSON body and query fuzzer over every route of the route table, as the admin (past every
 * guard) and as a user (the user's own paths), within a time budget.
 */
export async function fuzz(ctx: Context, opts: { seed: number; perRoute: number; budgetMs: number }) {
  const random = createRandom(opts.seed);
  const started = Date.now();
  const statuses = new Map<number, number>();
  let sent = 0;
  let routesDone = 0;
  const routes = [...ctx.routes].sort((x, y) => fuzzOrder(x) - fuzzOrder(y));
  const ids = { ...ctx.catalogue, modelId: ctx.seeded.a.modelId, userId: ctx.seeded.b.userId };
  const pathIds = [NO_ID, ctx.seeded.a.modelId, ctx.seeded.a.imageId, ctx.seeded.a.ticketId];
  let cut = 0;
  for (const [index, route] of routes.entries()) {
    // the budget left is shared by the routes left, so the last routes are fuzzed too
    const deadline = Date.now() + (opts.budgetMs - (Date.now() - started)) / (routes.length - index);
    const callers = route.guard === 'admin' ? [ctx.admin] : [ctx.admin, ctx.a];
    for (const caller of callers) {
      await ctx.relogin(caller);
      const send = async (url: string, body: BodyCase | undefined, label: string) => {
        if (Date.now() > deadline) {
          cut++;
          return;
        }
        const res = await caller.send(route.method, url, body);
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        judge(ctx, 'fuzz', `${caller.name} ${route.method} ${clip(url, 90)} [${label}]`, res);
      };
      const query = schemaFields(route.schema.querystring);
      for (const q of queryCases(query, { max: Math.ceil(opts.perRoute / 2), random })) {
        await send(`${urlWith(route, random.pick(pathIds))}?${q.query}`, undefined, q.label);
      }
      if (route.method === 'GET') continue;
      const fields = schemaFields(route.schema.body);
      for (const b of bodyCases(fields, { max: opts.perRoute, random, ids })) {
        await send(urlWith(route, random.pick(pathIds)), b, b.label);
      }
      if (route.schema.params) {
        for (const id of ['not-a-uuid', '%00', "1' OR '1'='1", '../../etc/passwd', '9'.repeat(400)])
          await send(urlWith(route, id), undefined, 'hostile path id');
      }
    }
    routesDone++;
  }
  const polluted = Object.keys(Object.prototype).concat(
    ['isAdmin', 'polluted'].filter((k) => (({}) as Record<string, unknown>)[k] !== undefined),
  );
  if (polluted.length > 0)
    ctx.findings.push({ check: 'fuzz', detail: `Object.prototype polluted: ${polluted.join(', ')}` });
  const mix = [...statuses].sort((x, y) => y[1] - x[1]).map(([s, n]) => `${s}×${n}`);
  return {
    summary: `${sent} requests over ${routesDone} routes in ${Math.round((Date.now() - started) / 1000)} s (${mix.join(', ')})${cut > 0 ? `; ${cut} cases left out to stay within the time budget` : ''}`,
  };
}

/**
 * (b) Access: who each route admits (probed as a guest and as a user), then every admin route as a
 * user and a guest, every signed-in route as a guest, every :id route and id field with the other
 * user's ids, and every list as the other user: never 2xx with foreign data.
 */
export async function accessControl(ctx: Context) {
  let sent = 0;
  const call = async (s: Session, r: RouteEntry, url: string, value?: unknown) => {
    sent++;
    // a guest stays a guest: a public route that signs in (register) must not make it a user
    if (s === ctx.guest) s.cookies.clear();
    const res = await s.json(r.method, url, value);
    judge(ctx, 'access', `${s.name} ${r.method} ${url}`, res);
    return res;
  };
  const { a, b } = ctx.seeded;
  const foreign = [a.modelId, a.imageId, a.ticketId, a.sessionId, a.userId];
  const foreignText = [...foreign, a.email];
  const carries = (text: string) => foreignText.find((v) => text.includes(v));
  const admitted: Record<'admin' | 'user' | 'public', string[]> = { admin: [], user: [], public: [] };

  for (const route of ctx.routes) {
    if (route.url.startsWith('/api/webhooks/') || /logout|revoke-all/.test(route.url)) continue;
    const fields = schemaFields(route.schema.body);
    const body =
      route.method === 'GET'
        ? undefined
        : baseBody(fields, { ...ctx.catalogue, modelId: a.modelId, userId: a.userId, id: a.sessionId });
    const url = urlWith(route, a.modelId);
    const asGuest = await call(ctx.guest, route, url, body);
    const asUser = await call(ctx.b, route, url, body);
    const kind =
      route.guard === 'admin' || asUser.status === 403
        ? 'admin'
        : asGuest.status === 401 || route.needsSession
          ? 'user'
          : 'public';
    admitted[kind].push(`${route.method} ${route.url}${kind === 'public' ? ` (${asGuest.status})` : ''}`);

    if (kind === 'admin') {
      for (const s of [ctx.a, ctx.b, ctx.guest]) {
        for (const id of route.url.includes(':') ? [a.modelId, b.ticketId, NO_ID] : [NO_ID]) {
          const res = await call(s, route, urlWith(route, id), body);
          if (res.status !== 401 && res.status !== 403)
            ctx.findings.push({
              check: 'access',
              detail: `${s.name} on admin route ${route.method} ${urlWith(route, id)} → ${res.status} ${clip(res.text)}`,
            });
        }
      }
      continue;
    }
    if (kind === 'user' && asGuest.status !== 401 && asGuest.status !== 403)
      ctx.findings.push({ check: 'access', detail: `guest ${route.method} ${url} → ${asGuest.status}` });
    // B with A's ids, in the path and in every id field
    const idRoutes = route.url.includes(':') ? foreign.map((id) => urlWith(route, id)) : [];
    for (const u of idRoutes) {
      const res = await call(ctx.b, route, u, body);
      if (ok(res.status))
        ctx.findings.push({
          check: 'access',
          detail: `user B ${route.method} ${u} (user A's id) → ${res.status} ${clip(res.text)}`,
        });
    }
    if (body && fields.some((f) => /id$/i.test(f.path))) {
      for (const id of foreign) {
        const withIds = baseBody(fields, {
          ...ctx.catalogue,
          modelId: id,
          imageId: id,
          userId: id,
          id,
          ticketId: id,
        });
        const res = await call(ctx.b, route, urlWith(route, NO_ID), withIds);
        const leaked = ok(res.status) ? carries(res.text) : undefined;
        if (leaked)
          ctx.findings.push({
            check: 'access',
            detail: `user B ${route.method} ${route.url} with A's id in the body → ${res.status} carrying ${leaked}`,
          });
      }
    }
    if (route.method === 'GET' && !route.url.includes(':')) {
      const res = await call(ctx.b, route, route.url);
      const leaked = ok(res.status) ? carries(res.text) : undefined;
      if (leaked)
        ctx.findings.push({ check: 'access', detail: `user B GET ${route.url} shows user A's ${leaked}` });
    }
  }
  // nothing of A's was changed or ended by B's calls
  const me = await ctx.a.json('GET', '/api/auth/user');
  if (me.status !== 200)
    ctx.findings.push({ check: 'access', detail: `user A's session ended during B's calls (${me.status})` });
  await ctx.relogin(ctx.a);
  for (const [what, path] of [
    ['model', `/api/models/${a.modelId}`],
    ['ticket list', '/api/support/tickets'],
    ['image list', '/api/generated-images'],
  ] as const) {
    const res = await ctx.a.json('GET', path);
    const needle = what === 'model' ? a.modelId : what === 'ticket list' ? a.ticketId : a.imageId;
    if (res.status !== 200 || !res.text.includes(needle))
      ctx.findings.push({
        check: 'access',
        detail: `user A's ${what} changed during B's calls (${res.status})`,
      });
  }
  const status = JSON.parse((await ctx.a.json('GET', '/api/auth/user')).text).user;
  if (status?.isAdmin) ctx.findings.push({ check: 'access', detail: 'user A became an admin' });
  return {
    summary: `${sent} requests; ${admitted.admin.length} admin, ${admitted.user.length} signed-in, ${admitted.public.length} public routes`,
    publicRoutes: admitted.public,
  };
}

/**
 * (c) Stored XSS: the payloads seeded into names, descriptions, prompts and tickets may come back
 * verbatim in JSON (React escapes them), but JSON must be served as JSON with nosniff, and every HTML
 * page must carry a CSP without inline script and never contain the payloads.
 */
export async function headersAndXss(ctx: Context, payloads: string[]) {
  let checked = 0;
  const html: string[] = [];
  for (const route of ctx.routes) {
    if (route.method !== 'GET' || route.url.includes(':')) continue;
    const res = await ctx.admin.send('GET', route.url);
    checked++;
    const type = res.headers.get('content-type') ?? '';
    if (res.headers.get('x-content-type-options') !== 'nosniff')
      ctx.findings.push({ check: 'headers', detail: `GET ${route.url}: no X-Content-Type-Options: nosniff` });
    if (type.includes('html')) html.push(route.url);
    else if (payloads.some((p) => res.text.includes(p)) && !type.includes('application/json'))
      ctx.findings.push({ check: 'xss', detail: `GET ${route.url} echoes a stored payload as ${type}` });
  }
  const pages = [
    '/',
    '/login',
    `/models/${ctx.seeded.a.modelId}`,
    '/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    ...html,
  ];
  let hasWebBuild = true;
  for (const page of pages) {
    const res = await ctx.a.send('GET', page);
    checked++;
    const type = res.headers.get('content-type') ?? '';
    if (!type.includes('html')) {
      if (page === '/') hasWebBuild = false;
      continue;
    }
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)?.[1] ?? '';
    if (!csp)
      ctx.findings.push({ check: 'headers', detail: `GET ${page}: HTML without Content-Security-Policy` });
    else if (/'unsafe-inline'|'unsafe-eval'|\*/.test(scriptSrc) || !scriptSrc)
      ctx.findings.push({
        check: 'headers',
        detail: `GET ${page}: CSP allows inline or any script (${clip(scriptSrc, 80)})`,
      });
    if (!/frame-ancestors/.test(csp) && !res.headers.get('x-frame-options'))
      ctx.findings.push({
        check: 'headers',
        detail: `GET ${page}: may be framed (no frame-ancestors or X-Frame-Options)`,
      });
    if (res.headers.get('x-content-type-options') !== 'nosniff')
      ctx.findings.push({ check: 'headers', detail: `GET ${page}: no X-Content-Type-Options: nosniff` });
    for (const p of payloads)
      if (res.text.includes(p))
        ctx.findings.push({ check: 'xss', detail: `GET ${page} contains the payload ${clip(p, 40)}` });
    if (res.text.includes('<script>alert(1)</script>'))
      ctx.findings.push({ check: 'xss', detail: `GET ${page} reflects the path into HTML` });
  }
  // reflected input in API errors stays JSON
  const reflected = await ctx.a.send('GET', '/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E?q=%3Cimg%20src%3Dx%3E');
  checked++;
  if (!(reflected.headers.get('content-type') ?? '').includes('application/json'))
    ctx.findings.push({
      check: 'xss',
      detail: `unknown API path answers ${reflected.headers.get('content-type')}`,
    });
  if (!hasWebBuild)
    ctx.notes.push('(c) the web client is not built: HTML pages were not checked (run `npx vite build`)');
  return {
    summary: `${checked} responses; ${pages.length} HTML pages checked for CSP, framing and the ${payloads.length} stored payloads`,
  };
}
