import { useState } from 'react';
import { Link } from 'react-router';
import { Images } from 'lucide-react';
import type { PackSummary } from '@shared/schemas/packs';
import { packInsufficientTokensText } from '@shared/generation-texts';
import { ShortOfTokensNote } from '@web/components/short-of-tokens';
import { AlertDialogAction, ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/ui/select';
import { formatTokens } from '@web/lib/format';
import { PackCover, PackSamples } from './pack-cover';
import { ButtonLink } from '@web/components/ui/button-link';

export type PickerModel = { id: string; name: string; status: string };

type Props = {
  packs: PackSummary[];
  models: PickerModel[];
  balance: number;
  busy?: boolean;
  onBuy: (packId: string, modelId: string) => void;
};

/** Pick a ready model, then a pack; the purchase is confirmed with its price before anything is charged. */
export function PackPicker({ packs, models, balance, busy, onBuy }: Props) {
  const ready = models.filter((m) => m.status === 'ready');
  const [modelId, setModelId] = useState(ready[0]?.id ?? '');
  const model = ready.find((m) => m.id === modelId) ?? ready[0];

  return (
    <div className="grid gap-6">
      {ready.length === 0 ? (
        <EmptyState
          icon={<Images />}
          title="You need a ready model first"
          description="A pack renders its photos with one of your trained models."
          action={<ButtonLink to="/models/create">Create a model</ButtonLink>}
        />
      ) : (
        <div className="grid max-w-sm gap-2">
          <Label htmlFor="pack-model">Model</Label>
          <OptionSelect
            id="pack-model"
            value={model?.id ?? ''}
            onValueChange={setModelId}
            options={ready.map((m) => ({ value: m.id, label: m.name }))}
          />
        </div>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photo packs">
        {packs.map((p) => (
          <li key={p.id}>
            <Card className="flex h-full flex-col overflow-hidden">
              <PackCover pack={p} />
              <CardHeader>
                <CardTitle level={2}>{p.name}</CardTitle>
                <CardDescription>{p.description}</CardDescription>
              </CardHeader>
              <CardContent className="mt-auto flex flex-wrap items-baseline gap-x-3 text-sm">
                <span>{p.promptCount} photos</span>
                <span className="font-semibold">{formatTokens(p.price)}</span>
                {p.fullPrice > p.price ? (
                  <span className="text-muted-foreground">
                    <span className="sr-only">instead of </span>
                    <s>{formatTokens(p.fullPrice)}</s>
                  </span>
                ) : null}
              </CardContent>
              <CardFooter>
                <ConfirmDialog
                  title={`Generate the ${p.name} pack?`}
                  description={
                    model
                      ? `${p.promptCount} photos of ${model.name} for ${formatTokens(p.price)}, charged once. Your balance: ${formatTokens(balance)}. Images that fail are refunded.`
                      : ''
                  }
                  confirmLabel={`Generate for ${formatTokens(p.price)}`}
                  onConfirm={() => model && onBuy(p.id, model.id)}
                  // A balance short of the price is said here, before any click, and the way on is a
                  // top-up, not a charge the server would refuse (issue 45 N4).
                  action={
                    balance < p.price ? (
                      <AlertDialogAction asChild>
                        <Link to="/tokens/purchase">Top up</Link>
                      </AlertDialogAction>
                    ) : undefined
                  }
                  trigger={
                    // The name is set whole: a visually hidden span's text joined the visible words
                    // with a space in Chromium's accessible name, "Generate pack : Fantasy" (issue 45 C3).
                    <Button
                      className="w-full"
                      disabled={!model || busy}
                      aria-label={`Generate pack: ${p.name}`}
                    >
                      Generate pack
                    </Button>
                  }
                >
                  <PackSamples pack={p} />
                  {balance < p.price ? (
                    <ShortOfTokensNote text={packInsufficientTokensText(p.price, p.promptCount, balance)} />
                  ) : null}
                </ConfirmDialog>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
