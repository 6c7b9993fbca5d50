import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_STYLE_COST } from '@shared/constants';
import {
  presetStyleSchema,
  styleTexts,
  type PresetStyle,
  type PresetStyleInput,
  type PresetStyleValues,
} from '@shared/schemas/styles';
import { BackToDashboard } from '../shared/admin-page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FormCard } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorText } from '@web/lib/api';
import { usePageTitle } from '@web/lib/use-page-title';
import { useSaveStyle, useStyle } from './api/styles-api';
import { DeleteStyleButton } from './components/delete-style-button';
import { LoraFields } from './components/lora-fields';
import { PreviewImageField } from './components/preview-image-field';
import { SwitchBox } from './components/switch-box';

const EMPTY: PresetStyleInput = {
  name: '',
  description: '',
  prompt: '',
  tokenCost: DEFAULT_STYLE_COST,
  previewImageUrl: '',
  loraModels: [],
  isActive: true,
  isNSFW: false,
};

function toForm(s: PresetStyle): PresetStyleInput {
  return {
    ...styleTexts(s),
    previewImageUrl: s.previewImageUrl ?? '',
    loraModels: s.loraModels.map((l) => ({ id: l.id, weight: l.weight, triggerWord: l.triggerWord })),
    isActive: s.isActive,
    isNSFW: s.isNSFW,
  };
}

export function StyleFormPage() {
  const { id } = useParams();
  const isEdit = Boolean(id);
  usePageTitle(isEdit ? 'Edit Preset Style' : 'Create Preset Style');
  const navigate = useNavigate();
  const style = useStyle(id);
  const save = useSaveStyle(id);
  const form = useForm<PresetStyleInput, unknown, PresetStyleValues>({
    resolver: zodResolver(presetStyleSchema),
    defaultValues: EMPTY,
  });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (style.data) reset(toForm(style.data));
  }, [style.data, reset]);

  async function onSubmit(values: PresetStyleValues) {
    try {
      // the server parses the same schema; send what the form holds so both agree on every rule.
      // Spec part 2 §5: the first LoRA entry is also sent as the legacy single-LoRA fields.
      const first = values.loraModels[0];
      await save.mutateAsync({
        ...values,
        isNSFW: values.isNsfw,
        loraModelId: first?.id ?? null,
        loraWeight: first?.weight ?? null,
        loraTriggerWord: first?.triggerWord ?? null,
      });
      toast({
        variant: 'success',
        title: isEdit ? 'Style updated' : 'Style created',
        description: `"${values.name}" has been saved.`,
      });
      navigate('/admin?tab=styles');
    } catch (err) {
      // other failures are told by the error policy (meta on useSaveStyle)
      const fields = (err as { fields?: Record<string, string> }).fields;
      for (const [name, message] of Object.entries(fields ?? {}))
        setError(name as keyof PresetStyleInput, { message });
    }
  }

  const back = <BackToDashboard to="/admin?tab=styles" />;

  if (isEdit && style.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Spinner />
        Loading style details...
      </div>
    );
  }
  if (isEdit && style.isError) {
    return <EmptyState title="Style not found" description={errorText(style.error)} action={back} />;
  }

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {back}
        {id ? <DeleteStyleButton id={id} /> : null}
      </div>
      <FormCard
        title={isEdit ? 'Edit Preset Style' : 'Create Preset Style'}
        onSubmit={handleSubmit(onSubmit)}
        actions={
          <Button type="submit" pending={save.isPending}>
            {isEdit ? 'Save Changes' : 'Create Style'}
          </Button>
        }
      >
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr]">
          <FormField id="style-name" label="Name" error={errors.name?.message}>
            {(c) => <Input {...c} {...register('name')} />}
          </FormField>
          <FormField id="style-cost" label="Token Cost" error={errors.tokenCost?.message}>
            {(c) => <Input {...c} type="number" min={0} step={1} {...register('tokenCost')} />}
          </FormField>
        </div>
        <FormField id="style-description" label="Description" error={errors.description?.message}>
          {(c) => <Textarea {...c} rows={2} {...register('description')} />}
        </FormField>
        <FormField
          id="style-prompt"
          label="Prompt"
          error={errors.prompt?.message}
          hint="Added to the user's prompt when this style is chosen."
        >
          {(c) => <Textarea {...c} rows={3} {...register('prompt')} />}
        </FormField>
        <Controller
          control={control}
          name="previewImageUrl"
          render={({ field }) => (
            <PreviewImageField
              value={field.value ?? ''}
              onChange={field.onChange}
              error={errors.previewImageUrl?.message}
            />
          )}
        />
        <LoraFields control={control} register={register} errors={errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <SwitchBox
                id="style-active"
                label="Active"
                hint="Only active styles are visible to users"
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="isNSFW"
            render={({ field }) => (
              <SwitchBox
                id="style-nsfw"
                label={
                  <>
                    NSFW Content <Badge variant="red">18+</Badge>
                  </>
                }
                hint="Only shown to users with NSFW content enabled"
                checked={Boolean(field.value)}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </div>
      </FormCard>
    </div>
  );
}
