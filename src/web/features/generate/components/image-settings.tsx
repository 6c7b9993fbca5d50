import { memo, useEffect, useState, type KeyboardEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { DIMENSION_STEP, MAX_IMAGE_COUNT, MIN_IMAGE_COUNT } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { cn } from '@web/lib/cn';
import { clampCount, normalizeDimension, SIZE_PRESETS, type SizeKey } from '../lib/generator-state';
import { Section } from '@web/components/ui/section';

type Props = {
  size: SizeKey;
  hdEnabled: boolean;
  width: number;
  height: number;
  count: number;
  onSize: (size: SizeKey) => void;
  onHd: (hd: boolean) => void;
  onDimensions: (width: number, height: number) => void;
  onCount: (count: number) => void;
};

function DimensionInput({
  label,
  value,
  onChange,
}: {
  label: 'Width' | 'Height';
  value: number;
  onChange: (v: number) => void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const id = `custom-${label.toLowerCase()}`;
  const commit = (v: number) => {
    const n = normalizeDimension(v);
    setText(String(n));
    onChange(n);
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon-sm"
          aria-label={`Decrease ${label.toLowerCase()}`}
          onClick={() => commit(value - DIMENSION_STEP)}
        >
          <Minus />
        </Button>
        <Input
          id={id}
          inputMode="numeric"
          className="h-8 text-center"
          value={text}
          onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
          onBlur={() => commit(Number(text))}
          onKeyDown={(e) => e.key === 'Enter' && commit(Number(text))}
        />
        <Button
          type="button"
          variant="outline"
          size="icon-sm"
          aria-label={`Increase ${label.toLowerCase()}`}
          onClick={() => commit(value + DIMENSION_STEP)}
        >
          <Plus />
        </Button>
      </div>
    </div>
  );
}

/** Image Settings: HD toggle, size presets, custom size, number of images. */
export const ImageSettings = memo(function ImageSettings(p: Props) {
  const [countText, setCountText] = useState(String(p.count));
  useEffect(() => setCountText(String(p.count)), [p.count]);
  const sizes: [SizeKey, string, string][] = [
    ...(Object.entries(SIZE_PRESETS) as [Exclude<SizeKey, 'custom'>, (typeof SIZE_PRESETS)['1:1']][]).map(
      ([key, s]) =>
        [key, s.label, `${(p.hdEnabled ? s.hd : s.normal).join('×')}`] as [SizeKey, string, string],
    ),
    ['custom', 'Custom', `${p.width}×${p.height}`],
  ];
  // a radio group is one tab stop; the arrow keys move the choice (WAI-ARIA radio group pattern)
  const onSizeKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    e.preventDefault();
    const keys = sizes.map(([key]) => key);
    const next = keys[(keys.indexOf(p.size) + step + keys.length) % keys.length];
    p.onSize(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-size="${next}"]`)?.focus();
  };
  return (
    <Section titleId="image-settings-title" title="Image Settings" level={3} className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="hd-toggle">HD (double resolution)</Label>
        <Switch id="hd-toggle" checked={p.hdEnabled} onCheckedChange={p.onHd} />
      </div>
      <div role="radiogroup" aria-label="Image size" className="grid grid-cols-2 gap-2" onKeyDown={onSizeKey}>
        {sizes.map(([key, label, dims]) => (
          <button
            key={key}
            type="button"
            role="radio"
            aria-checked={p.size === key}
            tabIndex={p.size === key ? 0 : -1}
            data-size={key}
            onClick={() => p.onSize(key)}
            className={cn(
              'rounded-md border px-3 py-2 text-left text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              p.size === key ? 'border-primary bg-primary/10' : 'border-border hover:bg-muted',
            )}
          >
            <span className="block font-medium">{label}</span>
            <span className="block text-xs text-muted-foreground">{dims}</span>
          </button>
        ))}
      </div>
      {p.size === 'custom' ? (
        <div className="grid grid-cols-2 gap-3">
          <DimensionInput label="Width" value={p.width} onChange={(w) => p.onDimensions(w, p.height)} />
          <DimensionInput label="Height" value={p.height} onChange={(h) => p.onDimensions(p.width, h)} />
          <p className="col-span-2 text-xs text-muted-foreground">128 to 2048 px, in steps of 64.</p>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="image-count">Number of images</Label>
        <div className="flex items-center gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon-sm"
            aria-label="Fewer images"
            disabled={p.count <= MIN_IMAGE_COUNT}
            onClick={() => p.onCount(clampCount(p.count - 1))}
          >
            <Minus />
          </Button>
          <Input
            id="image-count"
            type="number"
            min={MIN_IMAGE_COUNT}
            max={MAX_IMAGE_COUNT}
            step={1}
            className="h-8 w-20 text-center"
            value={countText}
            onChange={(e) => {
              // the field always shows what will be generated: 15 becomes 10 as it is typed
              const raw = e.target.value;
              if (raw === '' || !Number.isFinite(Number(raw))) {
                setCountText(raw);
                return;
              }
              const n = clampCount(Number(raw));
              setCountText(String(n));
              p.onCount(n);
            }}
            onBlur={() => setCountText(String(p.count))}
          />
          <Button
            type="button"
            variant="outline"
            size="icon-sm"
            aria-label="More images"
            disabled={p.count >= MAX_IMAGE_COUNT}
            onClick={() => p.onCount(clampCount(p.count + 1))}
          >
            <Plus />
          </Button>
        </div>
      </div>
    </Section>
  );
});
