import { memo } from 'react';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Slider } from '@web/components/ui/slider';
import { Badge } from '@web/components/ui/badge';
import { formatDecimal, initials } from '@web/lib/format';
import type { BaseModel, PresetStyle, UserModel } from '../api/generate-api';
import { baseForPersonalModel, compatibleBases } from '../lib/compatible-bases';
import { Section } from '@web/components/ui/section';

const NONE = '__none__';

type Props = {
  baseModels: BaseModel[];
  models: UserModel[];
  styles: PresetStyle[];
  baseModelId: string;
  modelId: string | null;
  styleId: string | null;
  loraStrength: number;
  /** what the link's model amounts to when it cannot be chosen yet (still training, not found) */
  modelNotice?: string | null;
  onChange: (patch: {
    baseModelId?: string;
    modelId?: string | null;
    styleId?: string | null;
    loraStrength?: number;
  }) => void;
};

const baseLabel = (b: { name: string; tokenCost: number } | undefined) =>
  b ? `${b.name} · ${b.tokenCost} tokens` : undefined;
const styleLabel = (s: { name: string; tokenCost: number; isNSFW: boolean } | undefined) =>
  s ? `${s.name} · +${s.tokenCost} tokens${s.isNSFW ? ' · 18+' : ''}` : undefined;

/** Model Stack: base model, the user's ready model with its weight, a preset style. */
export const ModelStack = memo(function ModelStack(p: Props) {
  const ready = p.models.filter((m) => m.status === 'ready');
  const chosen = ready.find((m) => m.id === p.modelId) ?? null;
  // a personal model is a FLUX LoRA: only FLUX bases are offered with it (the server refuses the rest)
  const bases = compatibleBases(p.baseModels, Boolean(p.modelId));
  // a stored choice shows as the placeholder until the list that names it has arrived, not as a blank
  const base = bases.find((b) => b.id === p.baseModelId);
  return (
    <Section titleId="model-stack-title" title="Model Stack" level={3} className="space-y-4">
      <div className="grid gap-1.5">
        <Label htmlFor="base-model">Base model</Label>
        <Select value={base?.id} onValueChange={(v) => p.onChange({ baseModelId: v })}>
          <SelectTrigger id="base-model">
            <SelectValue placeholder="Select a base model">{baseLabel(base)}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            {bases.map((b) => (
              <SelectItem key={b.id} value={b.id}>
                {baseLabel(b)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="your-model">Your Model</Label>
        <Select
          value={p.modelId ?? NONE}
          onValueChange={(v) => {
            if (v === NONE) return p.onChange({ modelId: null });
            const baseModelId = baseForPersonalModel(p.baseModels, p.baseModelId);
            p.onChange(
              baseModelId && baseModelId !== p.baseModelId ? { modelId: v, baseModelId } : { modelId: v },
            );
          }}
        >
          <SelectTrigger id="your-model">
            <SelectValue>{chosen?.name ?? 'None'}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>None</SelectItem>
            {ready.map((m) => (
              <SelectItem key={m.id} value={m.id}>
                {m.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {p.modelNotice ? (
          <p className="text-xs font-medium text-foreground" role="status" data-testid="model-notice">
            {p.modelNotice}
          </p>
        ) : ready.length === 0 ? (
          <p className="text-xs text-muted-foreground">Train a model to generate images of yourself.</p>
        ) : null}
      </div>
      {chosen ? (
        <div className="grid gap-3 rounded-lg border border-border p-3" data-testid="chosen-model">
          <div className="flex items-center gap-3">
            <div className="size-12 shrink-0 overflow-hidden rounded-md">
              {chosen.previewImageUrl ? (
                <img src={chosen.previewImageUrl} alt="" className="size-full object-cover" />
              ) : (
                <div
                  aria-hidden="true"
                  className="flex size-full items-center justify-center bg-primary/15 text-sm font-bold text-primary-text"
                >
                  {initials(chosen.name)}
                </div>
              )}
            </div>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{chosen.name}</p>
              <p className="text-xs text-muted-foreground">Your images will be generated with this model.</p>
            </div>
          </div>
          <div className="flex items-center justify-between">
            <Label id="model-weight-label">Model weight</Label>
            <span className="text-sm tabular-nums">{formatDecimal(p.loraStrength, 2)}</span>
          </div>
          <Slider
            min={0}
            max={2}
            step={0.05}
            value={[p.loraStrength]}
            onValueChange={([v]) => p.onChange({ loraStrength: Math.round(v * 100) / 100 })}
            thumbLabels={['Model weight']}
            aria-labelledby="model-weight-label"
          />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="preset-style">Preset style</Label>
        <Select
          value={p.styleId ?? NONE}
          onValueChange={(v) => p.onChange({ styleId: v === NONE ? null : v })}
        >
          <SelectTrigger id="preset-style">
            <SelectValue>{styleLabel(p.styles.find((s) => s.id === p.styleId)) ?? 'None'}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>None</SelectItem>
            {p.styles.map((s) => (
              <SelectItem key={s.id} value={s.id}>
                {styleLabel(s)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {p.styles.find((s) => s.id === p.styleId)?.isNSFW ? (
          <Badge variant="red" className="mt-1">
            NSFW
          </Badge>
        ) : null}
      </div>
    </Section>
  );
});
