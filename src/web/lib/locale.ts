import { isHydrating } from './hydration';

/**
 * The locale the server's HTML is written in: the public pages are rendered once, at build time
 * (entry-server.tsx), for every visitor (docs/decisions/054-frontend-performance.md).
 */
export const PAGE_LOCALE = 'en-US';

let asked: string | undefined;
let chosen = PAGE_LOCALE;

/** The first of the browser's languages that Intl supports, else en-US. */
export function visitorLocale(): string {
  if (typeof navigator === 'undefined') return PAGE_LOCALE;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const key = languages.join(',');
  if (key !== asked) {
    asked = key;
    chosen = PAGE_LOCALE;
    for (const language of languages) {
      try {
        const [supported] = Intl.DateTimeFormat.supportedLocalesOf(language);
        if (supported) {
          chosen = supported;
          break;
        }
      } catch {
        // a malformed language tag: try the next one
      }
    }
  }
  return chosen;
}

/**
 * The locale to format in now: the page's own while rendering on the server or taking over its HTML (so
 * the first client render matches it), the visitor's for a page the browser draws.
 */
export function currentLocale(): string {
  return typeof document === 'undefined' || isHydrating() ? PAGE_LOCALE : visitorLocale();
}
