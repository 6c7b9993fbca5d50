import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { THEME_BOOT_SCRIPT, THEME_MODE_COOKIE, themeCssVariables } from '../../shared/theme-css';
import type { ThemeResponse } from '../../shared/schemas/theme';
import { GENERIC_PHOTO_CLAIM } from '../../shared/photo-claim';
import { generationApi } from '../../shared/api/generation';
import { modelsApi } from '../../shared/api/models';
import { authApi } from '../../shared/api/auth';
import { notificationsApi } from '../../shared/api/notifications';
import { siteApi } from '../../shared/api/site';
import { stylesApi } from '../../shared/api/styles';
import { packsApi } from '../../shared/api/packs';
import { accountApi } from '../../shared/api/account';
import { tokensApi } from '../../shared/api/tokens';
import { TRANSACTIONS_PAGE } from '../../shared/constants';
import { runAppAfterPaint } from './after-paint';

/**
 * The HTML of every browser page (docs/decisions/029-react-everywhere-and-prerender.md). A visitor on a
 * public page gets that page as HTML React rendered at build time (dist/web/pages, from
 * src/web/entry-server.tsx); everyone else the app's page. Into each the server writes what only it
 * knows, so nothing is fetched or repainted after the first paint: the current site theme (its CSS
 * variables, the person's light/dark choice from their cookie or else the script that follows the
 * operating system before the first paint, and its JSON for the app), whether a session was read, and
 * the chunks the path's page needs (modulepreload).
 */

/** Public paths → their pre-rendered file (entry-server.tsx writes them). */
const PRERENDERED: Record<string, string> = {
  '/': 'index',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgot-password',
  '/reset-password': 'reset-password',
  '/terms': 'terms',
  '/privacy': 'privacy',
  '/contact': 'contact',
};
const NOT_FOUND_PAGE = 'not-found';

/** Pages a search engine may list (robots.txt, sitemap.xml). */
export const PUBLIC_PAGES = ['/', '/login', '/register', '/terms', '/privacy', '/contact'];

/**
 * The reads a signed-in page makes before its first paint, asked for with the HTML as the session is,
 * so they are on the wire while the scripts load instead of after the app has started: each read the
 * app started itself came a round trip after its scripts had run (issue 23: the gallery's first
 * thumbnail waited for the scripts, then for this list). Every signed-in page draws the shell, whose
 * footer reads the configuration and whose bell the unread count; a page adds the lists it draws first
 * (its route's `prefetch` in web/app/routes.tsx, or its first render's reads), with the query the app
 * sends for this person (`tests/e2e/public-pages.test.ts` checks that it asks for each). Only for
 * the page's plain URL: with filters in the query the page asks for other lists, and a preload left
 * unused is wasted and warned about.
 */
const SHELL_READS = [authApi.user.path, siteApi.config.path, notificationsApi.list.path];
/** The landing page has no shell, signed in too (web/app/routes.tsx): no bell, so no unread count. */
const LANDING_READS = [authApi.user.path, siteApi.config.path];
type Reader = { enableNsfw: boolean };
const styleList = (showNsfw: boolean) => `${stylesApi.list.path}?showNsfw=${showNsfw}`;
const FIRST_READS: Record<string, (user: Reader) => string[]> = {
  // its largest paint is the first thumbnails; beside them the filters (models, every style), the
  // albums and whether likeness checks are on
  '/gallery': () => [
    generationApi.images.path,
    modelsApi.list.path,
    styleList(true),
    packsApi.batches.path,
    accountApi.privacy.path,
  ],
  // the dashboard's largest paint is the welcome banner, which waits for the models list
  '/dashboard': (user) => [modelsApi.list.path, styleList(user.enableNsfw)],
  // the models page's largest paint is its list's cards
  '/models': () => [modelsApi.list.path],
  '/generate': (user) => [generationApi.baseModels.path, modelsApi.list.path, styleList(user.enableNsfw)],
  '/billing-history': () => [
    tokensApi.transactionsSummary.path,
    `${tokensApi.transactions.path}?limit=${TRANSACTIONS_PAGE}`,
  ],
};

/** The hash the Content-Security-Policy allows the theme script by (app.ts). */
export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

type Rendered = { etag: string; plain: Buffer; br: Buffer; gzip: Buffer };

export type PagesOptions = {
  /** the current site theme; the HTML is cached per theme, so a change shows on the next load */
  theme?: () => Promise<ThemeResponse>;
  /**
   * The landing page's privacy promise for the running configuration (src/shared/photo-claim.ts). The
   * landing page runs no React, so the server writes it in place of the build's generic sentence.
   */
  photoClaim?: string;
};

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The light/dark choice a person's cookie carries (lib/theme/theme-mode.ts), or null for none. */
function modeFromCookie(request: FastifyRequest): 'light' | 'dark' | null {
  const value = request.cookies?.[THEME_MODE_COOKIE];
  return value === 'light' || value === 'dark' ? value : null;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Route patterns (`/models/:id`) of the app, from the build (scripts/vite-plugins/route-preloads.ts). */
function matcher(patterns: string[]) {
  const split = patterns
    .filter((p) => p !== '*')
    .map((p) => ({ pattern: p, parts: p.split('/') }))
    // static paths win over ones with parameters, as in the client's router
    .sort((a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')));
  return (pathname: string): string | null => {
    const parts = pathname.replace(/\/+$/, '').split('/');
    if (pathname === '/') return split.some((s) => s.pattern === '/') ? '/' : null;
    for (const { pattern, parts: want } of split) {
      if (want.length !== parts.length) continue;
      if (want.every((w, i) => (w.startsWith(':') ? parts[i] !== '' : w === parts[i]))) return pattern;
    }
    return null;
  };
}

/**
 * The build's stylesheet written into the page instead of linked from it. A linked stylesheet blocks the
 * first paint for one more round trip (Lighthouse: ~150–180 ms of every page's largest paint on a phone);
 * the whole of it is ~11 KiB compressed, so it travels in the HTML's first packets. The CSP allows inline
 * styles (app.ts). The file stays in the build for anything that asks for it.
 */
function inlineStylesheets(html: string, webRoot: string, read: Map<string, string | null>): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (link, file: string) => {
      // every page links the same stylesheet: it is read once
      if (!read.has(file)) {
        const full = path.join(webRoot, file);
        const css = existsSync(full) ? readFileSync(full, 'utf8') : null;
        // a stylesheet that could end the element early stays a link
        read.set(file, css === null || /<\/style/i.test(css) ? null : css);
      }
      const css = read.get(file);
      if (css == null) return link;
      // The link stays for Vite's loader, which looks for it before it loads a lazy chunk that names
      // this stylesheet and would otherwise fetch it again; but never fetched. `disabled` alone is not
      // enough: Chromium's preload scanner ignores it and fetched the file beside the inlined copy on
      // every load; it does skip a stylesheet whose media matches nothing.
      return `<style>${css}</style>${link.replace(/>$/, ' media="not all" disabled>')}`;
    },
  );
}

export function createPages(webRoot: string, options: PagesOptions = {}) {
  const stylesheets = new Map<string, string | null>();
  const template = inlineStylesheets(
    readFileSync(path.join(webRoot, 'index.html'), 'utf8'),
    webRoot,
    stylesheets,
  );
  const pages = new Map<string, string>();
  for (const name of [...Object.values(PRERENDERED), NOT_FOUND_PAGE]) {
    const file = path.join(webRoot, 'pages', `${name}.html`);
    if (existsSync(file))
      pages.set(name, inlineStylesheets(readFileSync(file, 'utf8'), webRoot, stylesheets));
  }
  const landing = pages.get('index');
  if (landing && options.photoClaim)
    pages.set('index', landing.replace(escapeText(GENERIC_PHOTO_CLAIM), escapeText(options.photoClaim)));
  const preloadFile = path.join(webRoot, 'route-preloads.json');
  const preloads: Record<string, string[]> = existsSync(preloadFile)
    ? (JSON.parse(readFileSync(preloadFile, 'utf8')) as Record<string, string[]>)
    : {};
  // without the build's route list every path is the app's (its router draws the 404 page)
  const match = existsSync(preloadFile) ? matcher(Object.keys(preloads)) : () => '*';

  let cachedFor = '';
  const cache = new Map<string, Rendered>();

  function render(
    base: string,
    route: string | null,
    /** a page pre-rendered at build time, and which: the landing page runs no app */
    prerendered: string | undefined,
    signedIn: boolean,
    theme: ThemeResponse | null,
    /** what the page reads before its first paint (signed in only) */
    reads: string[],
    mode: 'light' | 'dark' | null,
  ) {
    const head: string[] = [];
    // A person's own choice is written here, so the page is drawn in it with no script; the app reads
    // `data-mode` instead of the cookie (lib/theme/theme-mode.ts). "system": no choice was sent.
    let htmlAttrs = mode
      ? ` data-mode="${mode}"${mode === 'dark' ? ' class="dark"' : ''} style="color-scheme:${mode}"`
      : ' data-mode="system"';
    if (theme) {
      const t = theme.theme;
      const vars = themeCssVariables({ primaryColor: t.primary, accentColor: t.accent, radius: t.radius });
      const css = Object.entries(vars)
        .map(([k, v]) => `${k}:${v}`)
        .join(';');
      htmlAttrs += ` data-appearance="${escapeAttr(t.appearance)}" data-variant="${escapeAttr(t.variant)}" data-profile="${escapeAttr(t.profileId)}"`;
      head.push(
        `<style id="site-theme">:root{${css.replace(/</g, '')}}</style>`,
        ...(mode ? [] : [`<script>${THEME_BOOT_SCRIPT}</script>`]),
        `<script type="application/json" id="site-theme-data">${JSON.stringify(theme).replace(/</g, '\\u003c')}</script>`,
      );
    }
    if (!signedIn) htmlAttrs += ' data-session="guest"';
    const extra = reads.map(
      (read) => `<link rel="preload" href="${escapeAttr(read)}" as="fetch" crossorigin="use-credentials" />`,
    );
    // the page's own chunks download beside the app's instead of after it has started; the landing
    // page a visitor gets runs no app (src/web/landing-islands.ts), so it asks for none
    const landing = prerendered === 'index';
    for (const file of landing ? [] : (preloads[route ?? '*'] ?? []))
      extra.push(`<link rel="modulepreload" crossorigin href="${escapeAttr(file)}">`);
    let html = base.replace(/<html([^>]*)>/, `<html$1${htmlAttrs}>`);
    // another pre-rendered page runs the app once it has painted (after-paint.ts)
    if (prerendered && !landing) html = runAppAfterPaint(html);
    if (head.length) html = html.replace(/<head>/, `<head>\n    ${head.join('\n    ')}`);
    if (extra.length) html = html.replace('</head>', `${extra.map((l) => `  ${l}\n`).join('')}  </head>`);
    const plain = Buffer.from(html);
    return {
      etag: `"${createHash('sha1').update(plain).digest('base64url')}"`,
      plain,
      br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(plain, { level: 9 }),
    };
  }

  return async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, 'http://x');
    const pathname = url.pathname;
    const route = match(pathname);
    const signedIn = Boolean(request.user);
    let name: string | undefined;
    if (!signedIn) {
      name = route === null ? NOT_FOUND_PAGE : PRERENDERED[pathname];
      // the reset page is pre-rendered as a mail's link opens it; without a token the app draws its notice
      if (name === 'reset-password' && (url.searchParams.get('token') ?? '').length < 10) name = undefined;
      if (name && !pages.has(name)) name = undefined;
    }
    const theme = options.theme ? await options.theme() : null;
    const themeKey = theme ? JSON.stringify(theme) : '';
    if (themeKey !== cachedFor) {
      cache.clear();
      cachedFor = themeKey;
    }
    const user = request.user;
    const pageReads = user && url.search === '' && route ? (FIRST_READS[route]?.(user) ?? []) : [];
    const reads = user ? [...(route === '/' ? LANDING_READS : SHELL_READS), ...pageReads] : [];
    const mode = modeFromCookie(request);
    const key = `${name ?? 'app'}|${route ?? '*'}|${reads.join(' ')}|${mode ?? ''}`;
    let page = cache.get(key);
    if (!page) {
      const base = name ? pages.get(name)! : template;
      page = render(base, route, name, signedIn, theme, reads, mode);
      cache.set(key, page);
    }
    reply
      .code(route === null ? 404 : 200)
      .header('Content-Type', 'text/html; charset=utf-8')
      // revalidated on every load (a 304 when nothing changed): it differs by session and theme
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Encoding')
      .header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag && route !== null) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.plain);
  };
}

/** robots.txt and sitemap.xml: the public pages, at the site's own origin. */
export function registerCrawlerFiles(app: FastifyInstance, publicUrl: string) {
  const origin = publicUrl.replace(/\/$/, '');
  const robots = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /files/\n\nSitemap: ${origin}/sitemap.xml\n`;
  const sitemap =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    PUBLIC_PAGES.map((p) => `  <url><loc>${escapeAttr(origin + p)}</loc></url>\n`).join('') +
    '</urlset>\n';
  app.get('/robots.txt', (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(sitemap),
  );
}
