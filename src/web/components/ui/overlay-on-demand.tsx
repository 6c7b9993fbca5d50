import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded overlay (a dialog, a lightbox) from the first time it opens, and keeps it
 * mounted after, so it closes with its animation and opens again at once. Until then the page loads
 * none of its code: Radix's overlays come in the `dialogs` chunk (vite.config.ts), which a page that
 * only might open one should not pay for at load (docs/decisions/042-overlays-on-demand.md).
 */
export function OverlayOnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
