import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useModelAction } from '../api/models-api';

type Toast = { title: string; description?: string };
/** How a failure is worded (spec part 1 §8); the error policy says it (src/web/lib/error-policy.ts). */
type Failure = { title: string; fallback: string };
type ModelAction = Parameters<typeof useModelAction>[1];

/** The words of a model action's failure, for `useModelAction`. */
export const failureMeta = (fail: Failure) => ({ errorTitle: fail.title, errorFallback: fail.fallback });

/** Runs one model action and says it went well; a failure is told by the error policy. */
export async function runAction(m: ReturnType<typeof useModelAction>, ok: Toast) {
  try {
    const res = await m.mutateAsync();
    toast({ title: ok.title, description: ok.description ?? res?.message });
  } catch {
    // told by the error policy (src/web/lib/error-policy.ts)
  }
}

/** A button that runs one model action, with a spinner while it runs. */
export function ActionButton({
  modelId,
  action,
  ok,
  fail,
  variant,
  size,
  className,
  children,
}: {
  modelId: string;
  action: ModelAction;
  ok: Toast;
  fail: Failure;
  variant?: 'outline' | 'destructive';
  size?: 'sm';
  className?: string;
  children: ReactNode;
}) {
  const m = useModelAction(modelId, action, failureMeta(fail));
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void runAction(m, ok)}
      pending={m.isPending}
    >
      {children}
    </Button>
  );
}
