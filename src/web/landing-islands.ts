// The landing page's only script (docs/decisions/029-react-everywhere-and-prerender.md). The page is
// HTML that React rendered at build time (entry-server.tsx); nothing on it needs React to work: its
// links are plain links, and the two interactive bits are wired here without loading the app.
import { rememberReferralCode } from '@web/lib/referral';
import { applyMode, readStoredMode, storeMode } from '@web/lib/theme/theme-mode';

// docs/product/interfaces.md: the landing page keeps ?ref=CODE so the register form can send it.
const ref = new URLSearchParams(window.location.search).get('ref');
rememberReferralCode(ref);
if (ref) {
  // the pre-rendered sign-up links carry no code; a visitor who signs up from here keeps it in the URL too
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href="/register"]'))
    link.href = `/register?ref=${encodeURIComponent(ref)}`;
}

// The server drew the page in the person's cookie, or else in the system's setting; a choice kept only in
// local storage is restored here, as the app does on its start (docs/product/spec-part-1.md §4).
const stored = readStoredMode();
if (stored) applyMode(stored);

for (const toggle of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
  const root = document.documentElement;
  // drawn disabled by the build, as on every page until a script has wired it (components/theme-toggle.tsx)
  toggle.disabled = false;
  toggle.setAttribute('aria-pressed', String(root.classList.contains('dark')));
  toggle.addEventListener('click', () => {
    const next = root.classList.contains('dark') ? 'light' : 'dark';
    storeMode(next);
    applyMode(next);
    toggle.setAttribute('aria-pressed', String(next === 'dark'));
  });
}
