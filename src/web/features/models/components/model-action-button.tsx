import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { toast, toastError } from '@web/components/ui/use-toast';
import { useModelAction } from '../api/models-api';

type Toast = { title: string; description?: string };
type Failure = { title: string; fallback: string };
type ModelAction = Parameters<typeof useModelAction>[1];

/** Runs one model action and says how it went. */
export async function runAction(m: ReturnType<typeof useModelAction>, ok: Toast, fail: Failure) {
  try {
    const res = await m.mutateAsync();
    toast({ title: ok.title, description: ok.description ?? res?.message });
  } catch (error) {
    toastError(fail.title, error, fail.fallback);
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
  const m = useModelAction(modelId, action);
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void runAction(m, ok, fail)}
      pending={m.isPending}
    >
      {children}
    </Button>
  );
}
