import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Model, TrainingStatusResponse } from '@shared/schemas/models';
import { toast } from '@web/components/ui/use-toast';
import { refreshModelData } from '../api/models-api';

const CHANGE_TOASTS: Record<string, { title: string; description?: string; destructive?: boolean }> = {
  training_complete: {
    title: 'Training complete',
    description: 'Your model is being prepared for generation.',
  },
  processing: { title: 'Training complete', description: 'Your model is being prepared for generation.' },
  ready: {
    title: 'Model ready to use!',
    description: 'Model processing complete. You can now generate images.',
  },
  failed: { title: 'Training failed', description: 'Your tokens have been refunded.', destructive: true },
};

/**
 * When the training status read shows a change, reads the model, the list and the balance again and
 * says so in a toast (once per change).
 */
export function useStatusChangeToasts(
  id: string,
  m: Model | undefined,
  status: TrainingStatusResponse | undefined,
) {
  const client = useQueryClient();
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const next = status?.model.status;
    if (!next) return;
    const before = seen.current;
    seen.current = next;
    if (before && before !== next) {
      refreshModelData(client, id);
      const t = CHANGE_TOASTS[next];
      if (t && !(next === 'processing' && before === 'training_complete')) {
        toast({
          title: t.title,
          description: t.description,
          variant: t.destructive ? 'destructive' : undefined,
        });
      }
    } else if (m && next !== m.status) {
      refreshModelData(client, id);
    }
  }, [status, client, id, m]);
}
