import { Suspense, useState, type ReactNode } from 'react';

/**
 * Mounts a lazily loaded overlay (a dialog, a lightbox) from the first time it opens, and keeps it
 * mounted after, so it closes with its animation and opens again at once. Until then the page loads
 * none of its code (a lazy import): a page that only might open one does not pay for it at load
 * (docs/decisions/054-frontend-performance.md).
 */
export function OverlayOnDemand({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
