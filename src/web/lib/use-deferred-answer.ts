import { useDeferredValue, useMemo } from 'react';

/**
 * A query's result for a part of the page drawn from it, handed over in a transition.
 *
 * A query's answer re-renders its readers at once, in one task React cannot split. A part that takes
 * the result through this hook, behind `memo`, keeps what it drew in that render and is drawn again
 * in a transition, which yields to the browser every few milliseconds. TanStack Query gives a new
 * result object on every render, so the result is kept until one of the fields the part reads
 * changes: otherwise each render of the page (a keystroke in its search field) would draw the part
 * twice, once now and once deferred.
 */
export function useDeferredAnswer<T extends object>(result: T, reads: readonly (keyof T)[]): T {
  const fields = reads.map((key) => result[key]);
  // the result changes with the fields it is read for, and only then
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const kept = useMemo(() => result, fields);
  return useDeferredValue(kept);
}
