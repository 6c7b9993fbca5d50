// The app's page paths as the router declares them (src/web/app/routes.tsx; a web test keeps the two
// lists equal). A Web Vitals beacon names its page by one of these patterns, never by the concrete
// path: `/models/:id`, not the model's id (docs/decisions/057-web-vitals.md).
export const PAGE_PATTERNS = [
  '/',
  '/terms',
  '/privacy',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/revert-email-change',
  '/dashboard',
  '/settings',
  '/generate',
  '/gallery',
  '/gallery/albums/:id',
  '/notifications',
  '/packs',
  '/admin/packs',
  '/admin/image-gallery',
  '/models',
  '/models/create',
  '/models/:id/upload',
  '/models/:id',
  '/admin/upload-logs',
  '/tokens/purchase',
  '/tokens/checkout',
  '/tokens/success',
  '/billing-history',
  '/referrals',
  '/support',
  '/admin',
  '/admin/support',
  '/admin/preset-styles/create',
  '/admin/preset-styles/edit/:id',
  '/admin/outbox',
  // the not-found page
  '*',
] as const;
export type PagePattern = (typeof PAGE_PATTERNS)[number];

const KNOWN = new Set<string>(PAGE_PATTERNS);
const bare = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';
const STATIC = PAGE_PATTERNS.filter((p) => p !== '*' && !p.includes(':'));
const WITH_PARAMS = PAGE_PATTERNS.filter((p) => p.includes(':')).map((p) => p.split('/'));

/**
 * The pattern of a page path as the router matches it (any case, trailing slashes; static paths win
 * over ones with parameters): `/models/4f0c…` → `/models/:id`. A pattern is its own; a path no page
 * has gives null (the caller decides whether that is the not-found page or a refusal).
 */
export function pagePattern(path: string): PagePattern | null {
  if (KNOWN.has(path)) return path as PagePattern;
  if (!path.startsWith('/') || /[?#\s]/.test(path)) return null;
  const b = bare(path);
  const fixed = STATIC.find((p) => bare(p) === b);
  if (fixed) return fixed;
  const segments = b.split('/');
  const found = WITH_PARAMS.find(
    (parts) =>
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
  return found ? (found.join('/') as PagePattern) : null;
}
