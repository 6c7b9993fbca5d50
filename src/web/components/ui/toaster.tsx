import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

// Radix Toast loads with the first notification, not with the landing page.
const ToastRegion = lazy(() => import('./toast-region').then((m) => ({ default: m.ToastRegion })));

const isF8 = (event: KeyboardEvent) => event.code === 'F8' || event.key === 'F8';

export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);

  // Spec part 1 §9: F8 focuses the notification area even before any toast has shown. Until the
  // region is loaded this tiny listener stands in for Radix's own hotkey handler.
  useEffect(() => {
    if (needed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isF8(event)) return;
      setFocusOnMount(true);
      setNeeded(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [needed]);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion focusOnMount={focusOnMount} />
    </Suspense>
  );
}
