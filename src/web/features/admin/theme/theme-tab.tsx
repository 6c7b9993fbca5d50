import { useEffect, useState } from 'react';
import { Check, RotateCcw } from 'lucide-react';
import { colorSchema } from '@shared/schemas/theme';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { PROFILE_IDS, type ThemeFeatureName } from '@web/lib/theme/site-theme';
import { useSiteTheme } from '@web/lib/theme/theme-context';
import { cn } from '@web/lib/cn';

// Spec part 2 §2: the theme tab's preset colours (Material palette values).
const PRESETS: { name: string; value: string }[] = [
  { name: 'blue', value: '#2196f3' },
  { name: 'lightBlue', value: '#03a9f4' },
  { name: 'cyan', value: '#00bcd4' },
  { name: 'teal', value: '#009688' },
  { name: 'green', value: '#4caf50' },
  { name: 'red', value: '#f44336' },
  { name: 'pink', value: '#e91e63' },
  { name: 'purple', value: '#9c27b0' },
  { name: 'deepPurple', value: '#673ab7' },
  { name: 'orange', value: '#ff9800' },
];

const APPEARANCES = ['light', 'dark', 'system'] as const;

const FEATURES: { name: ThemeFeatureName; label: string }[] = [
  { name: 'presetStyles', label: 'Preset styles' },
  { name: 'customLoraTraining', label: 'Custom LoRA training' },
  { name: 'advancedPrompting', label: 'Advanced prompting' },
  { name: 'communityGallery', label: 'Community gallery' },
  { name: 'nsfwEnabled', label: 'NSFW options' },
];

export function ThemeTab() {
  const { theme, profiles, update, selectProfile, toggleFeature, reset, isDirty, isSaving } = useSiteTheme();
  const [draft, setDraft] = useState(theme.primaryColor);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => setDraft(theme.primaryColor), [theme.primaryColor]);

  function applyDraft() {
    const parsed = colorSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update({ primaryColor: parsed.data });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Primary colour</CardTitle>
          <CardDescription>
            Used for buttons, links and highlights across the site. Changes save automatically.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Preset colours">
            {PRESETS.map((p) => {
              const active = theme.primaryColor.toLowerCase() === p.value;
              return (
                <button
                  key={p.name}
                  type="button"
                  title={p.name}
                  aria-label={`${p.name} (${p.value})`}
                  aria-pressed={active}
                  onClick={() => update({ primaryColor: p.value })}
                  className={cn(
                    'flex size-9 cursor-pointer items-center justify-center rounded-full border-2 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                    active ? 'border-foreground' : 'border-transparent',
                  )}
                  style={{ backgroundColor: p.value }}
                >
                  {active ? <Check className="size-4 text-white" aria-hidden="true" /> : null}
                </button>
              );
            })}
          </div>
          <FormField id="theme-primary" label="Custom colour (hex or oklch)" error={error}>
            {(c) => (
              <div className="flex gap-2">
                <span
                  className="size-10 shrink-0 rounded-md border border-border"
                  style={{ backgroundColor: theme.primaryColor }}
                  aria-hidden="true"
                />
                <Input
                  {...c}
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && applyDraft()}
                  placeholder="#00a2c0 or oklch(0.7 0.15 200)"
                />
                <Button variant="outline" onClick={applyDraft}>
                  Apply
                </Button>
              </div>
            )}
          </FormField>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={reset}>
              <RotateCcw aria-hidden="true" />
              Reset to default
            </Button>
            <span className="text-sm text-muted-foreground" role="status">
              {isSaving ? 'Saving…' : isDirty ? 'Unsaved changes' : 'All changes saved'}
            </span>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Profile and features</CardTitle>
          <CardDescription>Pick a look for the whole site and switch features on or off.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid gap-2" role="radiogroup" aria-label="Theme profile">
            {PROFILE_IDS.map((id) => {
              const p = profiles[id];
              const active = theme.profileId === id;
              return (
                <button
                  key={id}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  onClick={() => selectProfile(id)}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted/50',
                  )}
                >
                  <span
                    className="size-6 shrink-0 rounded-full"
                    style={{ backgroundColor: p.primaryColor }}
                    aria-hidden="true"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium">{p.name}</span>
                    <span className="block text-xs text-muted-foreground">{p.description}</span>
                  </span>
                </button>
              );
            })}
          </div>
          {/* Spec part 1 §3: the profile's appearance; "system" follows each visitor's OS setting live */}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Appearance</legend>
            <div className="flex flex-wrap gap-4">
              {APPEARANCES.map((a) => (
                <label key={a} className="flex cursor-pointer items-center gap-2 text-sm capitalize">
                  <input
                    type="radio"
                    name="theme-appearance"
                    value={a}
                    checked={theme.appearance === a}
                    onChange={() => update({ appearance: a })}
                    className="size-4 accent-primary"
                  />
                  {a}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-3">
            {FEATURES.map((f) => (
              <div key={f.name} className="flex items-center justify-between gap-3">
                <Label htmlFor={`feature-${f.name}`}>{f.label}</Label>
                <Switch
                  id={`feature-${f.name}`}
                  checked={Boolean(theme.features[f.name])}
                  onCheckedChange={() => toggleFeature(f.name)}
                />
              </div>
            ))}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
