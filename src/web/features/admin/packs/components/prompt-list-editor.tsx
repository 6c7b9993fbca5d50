import { Plus, Trash2 } from 'lucide-react';
import { PACK_MAX_PROMPTS, PACK_MIN_PROMPTS } from '@shared/schemas/packs';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';

export type PromptDraft = { prompt: string; styleId: string; size: string };
export const SIZES = [
  { value: 'default', label: 'Pack default (768 × 768)' },
  { value: '1024x1024', label: '1024 × 1024 (HD)' },
  { value: '768x1024', label: '768 × 1024 portrait (HD)' },
  { value: '1024x768', label: '1024 × 768 landscape (HD)' },
  { value: '512x512', label: '512 × 512' },
];

type Props = {
  prompts: PromptDraft[];
  onChange: (next: PromptDraft[]) => void;
  styles: { id: string; name: string }[];
  errors: Record<string, string>;
};

/** The pack's prompts, 4 to 40, each with an optional style and size. */
export function PromptListEditor({ prompts, onChange, styles, errors }: Props) {
  const set = (i: number, patch: Partial<PromptDraft>) =>
    onChange(prompts.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const styleOptions = [
    { value: 'none', label: 'No style' },
    ...styles.map((s) => ({ value: s.id, label: s.name })),
  ];
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-2 text-sm font-medium">
        Prompts ({prompts.length}; {PACK_MIN_PROMPTS} to {PACK_MAX_PROMPTS})
      </legend>
      <ol className="grid gap-4">
        {prompts.map((p, i) => {
          const error =
            errors[`prompts.${i}.prompt`] ?? errors[`prompts.${i}.styleId`] ?? errors[`prompts.${i}.width`];
          return (
            <li key={i} className="grid gap-2 rounded-lg border border-border p-3">
              <Label htmlFor={`pack-prompt-${i}`}>Prompt {i + 1}</Label>
              <Textarea
                id={`pack-prompt-${i}`}
                value={p.prompt}
                onChange={(e) => set(i, { prompt: e.target.value })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `pack-prompt-${i}-error` : undefined}
                rows={2}
              />
              {error ? (
                <p id={`pack-prompt-${i}-error`} className="text-sm font-medium text-destructive-text">
                  {error}
                </p>
              ) : null}
              <div className="flex flex-col gap-2 sm:flex-row">
                <OptionSelect
                  value={p.styleId}
                  onValueChange={(v) => set(i, { styleId: v })}
                  options={styleOptions}
                  aria-label={`Style of prompt ${i + 1}`}
                  className="sm:w-56"
                />
                <OptionSelect
                  value={p.size}
                  onValueChange={(v) => set(i, { size: v })}
                  options={SIZES}
                  aria-label={`Size of prompt ${i + 1}`}
                  className="sm:w-64"
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => onChange(prompts.filter((_, j) => j !== i))}
                  disabled={prompts.length <= PACK_MIN_PROMPTS}
                  aria-label={`Remove prompt ${i + 1}`}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => onChange([...prompts, { prompt: '', styleId: 'none', size: 'default' }])}
          disabled={prompts.length >= PACK_MAX_PROMPTS}
        >
          <Plus aria-hidden="true" /> Add prompt
        </Button>
      </div>
    </fieldset>
  );
}
