import { Plus, Trash2 } from 'lucide-react';
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { DEFAULT_LORA_WEIGHT, MAX_STYLE_LORAS } from '@shared/constants';
import {
  LORA_WEIGHT_MAX,
  LORA_WEIGHT_MIN,
  STYLE_MAX_LORAS,
  type PresetStyleInput,
} from '@shared/schemas/styles';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

type Props = {
  control: Control<PresetStyleInput>;
  register: UseFormRegister<PresetStyleInput>;
  errors: FieldErrors<PresetStyleInput>;
};

export function LoraFields({ control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'loraModels' });
  const full = fields.length >= MAX_STYLE_LORAS;
  const entryErrors = Array.isArray(errors.loraModels) ? errors.loraModels : [];

  return (
    <fieldset className="space-y-3 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-medium">LoRA Models (optional)</legend>
      <p className="text-sm text-muted-foreground">
        Add up to {MAX_STYLE_LORAS} LoRA models by their AIR identifier.
      </p>
      {fields.map((field, i) => (
        <div
          key={field.id}
          className="grid gap-3 rounded-md bg-muted/40 p-3 sm:grid-cols-[2fr_1fr_1.5fr_auto] sm:items-start"
        >
          <FormField
            id={`lora-${i}-id`}
            label="LoRA Model ID"
            hint="AIR identifier, e.g. civitai:123456@789"
            error={entryErrors[i]?.id?.message}
          >
            {(c) => (
              <Input {...c} placeholder="civitai:123456@789" {...register(`loraModels.${i}.id` as const)} />
            )}
          </FormField>
          <FormField
            id={`lora-${i}-weight`}
            label="Weight"
            hint={`Usually 0.1-1.0; ${LORA_WEIGHT_MIN} to ${LORA_WEIGHT_MAX} allowed`}
            error={entryErrors[i]?.weight?.message}
          >
            {(c) => <Input {...c} inputMode="decimal" {...register(`loraModels.${i}.weight` as const)} />}
          </FormField>
          <FormField
            id={`lora-${i}-trigger`}
            label="Trigger Word (optional)"
            error={entryErrors[i]?.triggerWord?.message}
          >
            {(c) => <Input {...c} {...register(`loraModels.${i}.triggerWord` as const)} />}
          </FormField>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="sm:mt-7"
            aria-label={`Remove LoRA model ${i + 1}`}
            onClick={() => remove(i)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => append({ id: '', weight: String(DEFAULT_LORA_WEIGHT), triggerWord: '' })}
        >
          <Plus aria-hidden="true" />
          Add LoRA Model ({fields.length}/{MAX_STYLE_LORAS})
        </Button>
        {full ? <p className="text-sm text-muted-foreground">{STYLE_MAX_LORAS}</p> : null}
      </div>
      {!Array.isArray(errors.loraModels) && errors.loraModels?.message ? (
        <p className="text-sm font-medium text-destructive-text">{errors.loraModels.message}</p>
      ) : null}
    </fieldset>
  );
}
