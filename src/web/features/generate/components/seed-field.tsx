import { memo } from 'react';
import { MAX_SEED } from '@shared/generation-texts';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';

// digits only, at most the largest seed the server takes (a larger one would only fail the whole request)
function seedText(value: string) {
  const digits = value.replace(/[^\d]/g, '').slice(0, 10);
  return digits !== '' && Number(digits) > MAX_SEED ? String(MAX_SEED) : digits;
}

type Props = {
  useSeed: boolean;
  seed: string;
  onChange: (patch: { useSeed?: boolean; seed?: string }) => void;
};

export const SeedField = memo(function SeedField({ useSeed, seed, onChange }: Props) {
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between">
        <Label htmlFor="use-seed">Use a fixed seed</Label>
        <Switch id="use-seed" checked={useSeed} onCheckedChange={(value) => onChange({ useSeed: value })} />
      </div>
      {useSeed ? (
        <Input
          id="seed"
          aria-label="Seed"
          inputMode="numeric"
          value={seed}
          onChange={(e) => onChange({ seed: seedText(e.target.value) })}
        />
      ) : null}
    </div>
  );
});
