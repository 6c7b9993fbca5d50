import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { useUpdatePromptModifier } from '../api/models-api';

export function PromptModifierEditor({
  modelId,
  value,
  canEdit,
}: {
  modelId: string;
  value: string;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const save = useUpdatePromptModifier(modelId);
  const onSave = async () => {
    try {
      await save.mutateAsync(draft);
      toast({ title: 'Prompt modifier updated' });
      setEditing(false);
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };
  return (
    <SectionCard
      title="Prompt Modifier"
      description="Text added to every prompt you generate with this model."
      aside={
        canEdit && !editing ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setDraft(value);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        ) : null
      }
    >
      {editing ? (
        <div className="grid gap-3">
          <Textarea
            aria-label="Prompt modifier"
            value={draft}
            maxLength={500}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="e.g. professional lighting, 85mm lens"
          />
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setEditing(false)} disabled={save.isPending}>
              Cancel
            </Button>
            <Button onClick={() => void onSave()} pending={save.isPending}>
              Save
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm whitespace-pre-wrap">
          {value || <span className="text-muted-foreground">No prompt modifier set.</span>}
        </p>
      )}
    </SectionCard>
  );
}
