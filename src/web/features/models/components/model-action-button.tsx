import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { useModelAction } from '../api/models-api';

type Toast = { title: string; description?: string };
/** How a failure is worded (spec part 1 §8); the error policy says it (src/web/lib/error-policy.ts). */
type Failure = { title: string; fallback: string };
type ModelAction = Parameters<typeof useModelAction>[1];

/** What each model action says when it went well and how its failure is titled (spec part 1 §8). */
const WORDS: Record<ModelAction, { ok: Toast; fail: Failure }> = {
  train: {
    ok: { title: 'Training started', description: 'Training may take 30-60 minutes.' },
    fail: { title: 'Training failed to start', fallback: 'An unexpected error occurred' },
  },
  'retry-training': {
    ok: { title: 'Training restarted', description: 'Training may take 30-60 minutes.' },
    fail: { title: 'Failed to retry training', fallback: 'An unexpected error occurred' },
  },
  'cancel-training': {
    ok: { title: 'Training canceled', description: 'Your tokens have been refunded.' },
    fail: { title: 'Error cancelling training', fallback: 'An unexpected error occurred' },
  },
  'skip-processing': {
    ok: { title: 'Processing skipped', description: 'The model is ready to use.' },
    fail: { title: 'Error', fallback: 'Failed to complete model processing' },
  },
  'reupload-runware': {
    ok: {
      title: 'Re-upload started',
      description: 'The model is being uploaded to the generation provider again.',
    },
    fail: { title: 'Re-upload failed', fallback: 'Re-upload error' },
  },
};

/** One model action, its failure worded as the spec words it. */
export function useWordedModelAction(modelId: string, action: ModelAction) {
  const { fail } = WORDS[action];
  return useModelAction(modelId, action, { errorTitle: fail.title, errorFallback: fail.fallback });
}

/** Runs one model action and says it went well; a failure is told by the error policy. */
export async function runAction(m: ReturnType<typeof useModelAction>, action: ModelAction) {
  const { ok } = WORDS[action];
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
  variant,
  size,
  className,
  children,
}: {
  modelId: string;
  action: ModelAction;
  variant?: 'outline' | 'destructive';
  size?: 'sm';
  className?: string;
  children: ReactNode;
}) {
  const m = useWordedModelAction(modelId, action);
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void runAction(m, action)}
      pending={m.isPending}
    >
      {children}
    </Button>
  );
}
