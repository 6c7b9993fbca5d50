import { useEffect, useRef } from 'react';

/**
 * Calls `onNear` while the element the returned ref is put on (placed after a list) is within
 * `marginPx` of the viewport: infinite scroll without reading the page's layout. The gallery used
 * to measure `scrollHeight` on mount and on every scroll, a forced layout of the whole page in the
 * task that mounted it (about 12 ms on /gallery's load here, issue 23). An observer is told by the
 * browser after its own layout instead.
 *
 * `watch` lists what changes the list's length: the observer reports an element once when it starts
 * watching, so it is started again after each page arrives, and a sentinel still in reach asks again.
 */
export function useNearEnd<T extends Element>(
  onNear: () => void,
  { enabled, marginPx, watch }: { enabled: boolean; marginPx: number; watch: unknown },
) {
  const ref = useRef<T | null>(null);
  const latest = useRef(onNear);
  latest.current = onNear;
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled, marginPx, watch]);
  return ref;
}
