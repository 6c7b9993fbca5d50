// `npm run security`: starts the product on loopback (PGlite in a temp dir, offline engines), seeds an
// admin and two users, then runs bounded checks against 127.0.0.1 only — (a) a body/query fuzzer over
// the real route table, (b) cross-user and admin access, (c) stored XSS and HTML headers, (d) sqlmap
// when installed, (e) account probes (Unicode spellings of a throttled name, mail caps). Prints a short
// report; exits 1 on any finding. `--only account` runs (e) alone. See docs/operators/security.md.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ADMIN, startApp, USER_PASSWORD } from './app';
import { accountProbes } from './account-probes';
import { twoFactorProbes } from './two-factor-probes';
import { accessControl, fuzz, headersAndXss, type Context, type Seeded } from './checks';
import { createSession, type Session } from './http';
import { runSqlmap, sqlmapPath, type SqlmapResult } from './sqlmap';

const root = path.resolve(import.meta.dirname, '../..');

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    'per-route': { type: 'string', default: '40' },
    'fuzz-seconds': { type: 'string', default: '120' },
    'sqlmap-level': { type: 'string', default: '3' },
    'sqlmap-seconds': { type: 'string', default: '45' },
    'skip-sqlmap': { type: 'boolean', default: false },
    /** `account`: only the account probes (e), a few seconds instead of minutes */
    only: { type: 'string' },
    /** writes the server's error-level log lines, whole, to this file */
    log: { type: 'string' },
  },
});

const XSS = [
  '<script>alert("lora-xss-1")</script>',
  '<img src=x onerror=alert("lora-xss-2")>',
  '"><svg onload=alert("lora-xss-3")>',
  "javascript:alert('lora-xss-4')",
];

/** An error-level log line as one readable line: the message, the error's type and message, its cause. */
function condenseLog(line: string): string {
  try {
    const l = JSON.parse(line) as {
      msg?: string;
      err?: { type?: string; message?: string; cause?: { message?: string } };
    };
    const cause = l.err?.cause?.message ? ` (cause: ${l.err.cause.message})` : '';
    return `${l.msg ?? ''}: ${l.err?.type ?? ''} ${(l.err?.message ?? '').slice(0, 300)}${cause}`.slice(
      0,
      600,
    );
  } catch {
    return line.slice(0, 400);
  }
}

async function main() {
  const { ensureWebBuild } = await import(pathToFileURL(path.join(root, 'scripts/start.mjs')).href);
  // only the pages check (c) needs the built client
  if (args.only !== 'account') ensureWebBuild({ quiet: true });
  const started = Date.now();
  const app = await startApp(path.join(root, 'dist/web'));
  const findings: Context['findings'] = [];
  const notes: string[] = [];
  const lines: string[] = [];
  try {
    const passwords = new Map<Session, { login: string; password: string }>();
    const session = (name: string, login?: string, password?: string) => {
      const s = createSession(app.baseUrl, name);
      if (login && password) passwords.set(s, { login, password });
      return s;
    };
    const relogin = async (s: Session) => {
      const creds = passwords.get(s);
      if (!creds || (await s.json('GET', '/api/auth/user')).status === 200) return;
      const res = await s.json('POST', '/api/auth/login', {
        username: creds.login,
        password: creds.password,
      });
      if (res.status !== 200)
        notes.push(`could not sign ${s.name} in again (${res.status}); its later calls ran as a guest`);
    };
    const must = async (s: Session, method: string, url: string, body: unknown, status: number[]) => {
      const res = await s.json(method, url, body);
      if (!status.includes(res.status))
        throw new Error(`seeding: ${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`);
      return JSON.parse(res.text || '{}');
    };

    const admin = session('admin', ADMIN.username, ADMIN.password);
    await must(
      admin,
      'POST',
      '/api/auth/login',
      { username: ADMIN.username, password: ADMIN.password },
      [200],
    );
    const a = session('user A', 'sec_user_a', USER_PASSWORD);
    const b = session('user B', 'sec_user_b', USER_PASSWORD);
    const catalogue: Record<string, string> = {};
    const seeded = {} as { a: Seeded; b: Seeded };
    for (const [key, s] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const username = `sec_user_${key}`;
      const email = `${username}@example.com`;
      const reg = await must(
        s,
        'POST',
        '/api/auth/register',
        { username, email, password: USER_PASSWORD },
        [201],
      );
      if (!catalogue.baseModelId) {
        const bases = await must(s, 'GET', '/api/base-models', undefined, [200]);
        catalogue.baseModelId =
          bases.find((m: { name: string }) => /schnell/i.test(m.name))?.id ?? bases[0].id;
        catalogue.styleId = (await must(s, 'GET', '/api/preset-styles', undefined, [200]))[0]?.id;
        catalogue.packageId = (await must(s, 'GET', '/api/token-packages', undefined, [200]))[0]?.id;
      }
      const model = await must(
        s,
        'POST',
        '/api/models',
        { name: `${XSS[0]} ${key}`, description: XSS[1], subjectConsent: true },
        [201],
      );
      const image = await must(
        s,
        'POST',
        '/api/generate-image',
        {
          prompt: `${XSS[2]} a lighthouse`,
          baseModelId: catalogue.baseModelId,
          modelId: null,
          styleId: null,
          count: 1,
          width: 512,
          height: 512,
          hdEnabled: false,
          loraStrength: 1,
        },
        [200],
      );
      const ticket = await must(
        s,
        'POST',
        '/api/support/tickets',
        { subject: XSS[0], message: `${XSS[1]}\n${XSS[3]}` },
        [201],
      );
      const sessions = await must(s, 'GET', '/api/auth/sessions', undefined, [200]);
      seeded[key] = {
        userId: reg.user.id,
        username,
        email,
        modelId: model.id,
        imageId: image.id ?? image.images?.[0]?.id,
        ticketId: ticket.id ?? ticket.ticket?.id,
        sessionId: sessions.sessions[0].id,
      };
    }
    const ctx: Context = {
      baseUrl: app.baseUrl,
      routes: app.routes,
      admin,
      a,
      b,
      guest: session('guest'),
      seeded,
      catalogue,
      relogin,
      findings,
      notes,
    };
    lines.push(`LoRA Studio security run — ${app.baseUrl}, ${app.routes.length} routes, seed ${args.seed}`);

    const e = await accountProbes(ctx);
    lines.push(`(e) account probes: ${e.summary}`);
    const f = await twoFactorProbes(ctx);
    lines.push(`(f) second factor: ${f.summary}`);

    if (args.only !== 'account') {
      const c = await headersAndXss(ctx, XSS);
      lines.push(`(c) headers and stored XSS: ${c.summary}`);
      const b2 = await accessControl(ctx);
      lines.push(`(b) access: ${b2.summary}`);
      lines.push(`    public routes (answer a guest): ${b2.publicRoutes.join(', ')}`);

      let sqlmapResults: SqlmapResult[] = [];
      if (args['skip-sqlmap']) lines.push('(d) sqlmap: skipped (--skip-sqlmap)');
      else if (!sqlmapPath())
        lines.push(
          '(d) sqlmap: skipped — not on PATH (Debian/Ubuntu: `sudo apt-get install sqlmap`, or pipx install sqlmap)',
        );
      else {
        await relogin(a);
        await relogin(admin);
        const ids = seeded.a;
        const cursor = Buffer.from(`2026-01-01T00:00:00.000000Z|${ids.imageId}`).toString('base64url');
        const targets = [
          {
            path: `/api/generated-images?search=light&cursor=${cursor}&modelId=${ids.modelId}`,
            params: ['search', 'cursor', 'modelId'],
            who: a,
          },
          {
            path: `/api/transactions?cursor=${cursor}&type=purchase`,
            params: ['cursor', 'type'],
            who: a,
          },
          {
            path: `/api/admin/generated-images?search=light&dateFilter=2026-01-01&userId=${ids.userId}&nsfw=all&size=all`,
            params: ['search', 'dateFilter', 'userId', 'nsfw', 'size'],
            who: admin,
          },
          {
            path: `/api/admin/users?search=sec&cursor=${cursor}`,
            params: ['search', 'cursor'],
            who: admin,
          },
          {
            path: '/api/admin/models/upload-logs?search=sec&status=failed',
            params: ['search', 'status'],
            who: admin,
          },
        ];
        // a target that does not answer 200 to the seeded session would be "clean" for the wrong reason
        const reachable = [];
        for (const t of targets) {
          const res = await t.who.send('GET', t.path);
          if (res.status === 200)
            reachable.push({ path: t.path, params: t.params, cookie: t.who.cookieHeader() });
          else
            findings.push({
              check: 'sqlmap',
              detail: `${t.path} answered ${res.status} to ${t.who.name}: not tested`,
            });
        }
        sqlmapResults = await runSqlmap(app.baseUrl, reachable, {
          level: Number(args['sqlmap-level']),
          risk: 1,
          timeoutMs: Number(args['sqlmap-seconds']) * 1000,
        });
        lines.push(
          `(d) sqlmap level ${args['sqlmap-level']}, risk 1, ${args['sqlmap-seconds']} s per target:`,
        );
        for (const r of sqlmapResults) {
          lines.push(`    ${r.verdict.padEnd(10)} ${r.target} — ${r.detail}`);
          if (r.verdict === 'injectable')
            findings.push({ check: 'sqlmap', detail: `${r.target}: ${r.detail}` });
        }
      }

      const a2 = await fuzz(ctx, {
        seed: Number(args.seed),
        perRoute: Number(args['per-route']),
        budgetMs: Number(args['fuzz-seconds']) * 1000,
      });
      lines.push(`(a) fuzz: ${a2.summary}`);
    }

    if (args.log) writeFileSync(args.log, app.errors.join(''));
    for (const line of app.errors) findings.push({ check: 'server log', detail: condenseLog(line) });
  } finally {
    await app.close().catch(() => {});
  }
  lines.push(...notes.map((n) => `note: ${n}`));
  lines.push(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  const unique = [...new Map(findings.map((f) => [`${f.check}|${f.detail}`, f])).values()];
  if (unique.length === 0) lines.push('no findings');
  else {
    lines.push(`FINDINGS (${unique.length}):`);
    for (const f of unique.slice(0, 60)) lines.push(`  [${f.check}] ${f.detail}`);
    if (unique.length > 60) lines.push(`  … and ${unique.length - 60} more`);
  }
  console.log(lines.join('\n'));
  process.exit(unique.length === 0 ? 0 : 1);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
