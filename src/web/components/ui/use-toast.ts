import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/constants';
import { errorText } from '@web/lib/api';

export { TOAST_DURATION_MS, TOAST_LIMIT };

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; spec default 5000. */
  duration?: number;
  /** An optional <ToastAction altText="…"> element. */
  action?: ReactElement;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type State = { toasts: ToastItem[] };

// Long enough for the close animation to run before the node is removed.
const REMOVE_DELAY_MS = 300;

let state: State = { toasts: [] };
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      setState({ toasts: state.toasts.filter((t) => t.id !== id) });
    }, REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  const targets = id ? [id] : state.toasts.map((t) => t.id);
  setState({ toasts: state.toasts.map((t) => (targets.includes(t.id) ? { ...t, open: false } : t)) });
  for (const target of targets) scheduleRemoval(target);
}

/**
 * Spec part 1 §2/§9: at most 5 toasts at once. The newest goes on top and the oldest beyond the
 * limit is dropped, so a burst of errors never buries the screen.
 */
export function toast(input: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (next: ToastInput) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const item: ToastItem = { ...input, id, open: true };
  setState({ toasts: [item, ...state.toasts].slice(0, TOAST_LIMIT) });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) }),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useToast() {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: snapshot.toasts, toast, dismiss: dismissToast };
}

/** Test helper: forget every toast and timer. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  setState({ toasts: [] });
}

/**
 * A failure said in a red toast, in the words of the error policy (`errorText`). Failed mutations
 * and background reads toast by themselves (src/web/lib/error-policy.ts); this is for the few
 * failures outside React Query and for screens whose toast adds something.
 */
export function toastError(title: string, error: unknown, fallback?: string) {
  return toast({ variant: 'destructive', title, description: errorText(error, fallback) });
}
