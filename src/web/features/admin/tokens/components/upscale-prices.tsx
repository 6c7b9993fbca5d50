import { useState, type FormEvent } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/use-toast';
import { useSaveUpscalePrice, useUpscalePrices } from '../api/packages-api';

/** What an upscale costs per factor (issue 25): seeded, edited here, audited on the server. */
export function UpscalePrices() {
  const prices = useUpscalePrices();
  const save = useSaveUpscalePrice();
  const [draft, setDraft] = useState<Record<number, string>>({});

  const submit = async (e: FormEvent, factor: 2 | 4) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ factor, tokenCost: Number(draft[factor]) });
      toast({
        title: 'Price saved',
        description: `An upscale ×${factor} now costs ${draft[factor]} tokens.`,
      });
      setDraft((d) => {
        const next = { ...d };
        delete next[factor];
        return next;
      });
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };

  return (
    <section aria-labelledby="upscale-prices" className="space-y-3 rounded-lg border border-border p-4">
      <h2 id="upscale-prices" className="font-semibold">
        Upscale prices
      </h2>
      <p className="text-sm text-muted-foreground">Tokens a user pays for one upscaled image.</p>
      <div className="flex flex-wrap gap-4">
        {(prices.data?.prices ?? []).map((p) => {
          const id = `upscale-price-${p.factor}`;
          return (
            <form
              key={p.factor}
              className="flex items-end gap-2"
              onSubmit={(e) => void submit(e, p.factor as 2 | 4)}
            >
              <div className="space-y-1">
                <Label htmlFor={id}>×{p.factor}</Label>
                <Input
                  id={id}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  className="w-28"
                  value={draft[p.factor] ?? String(p.tokenCost)}
                  onChange={(e) => setDraft((d) => ({ ...d, [p.factor]: e.target.value }))}
                />
              </div>
              <Button
                type="submit"
                variant="outline"
                size="sm"
                disabled={save.isPending || draft[p.factor] === undefined}
              >
                Save ×{p.factor}
              </Button>
            </form>
          );
        })}
      </div>
    </section>
  );
}
