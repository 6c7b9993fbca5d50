import { useId, useState } from 'react';
import { Download, Maximize2 } from 'lucide-react';
import { MAX_UPSCALED_SIDE, UPSCALE_FACTORS, type UpscaleFactor } from '@shared/constants';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { startZipDownload, useImageLinks, useUpscale, useUpscalePrices } from '../api/downloads-api';

type Props = {
  image: GeneratedImageView;
  /** opens another image's details (an original or one of its upscales) */
  onOpenImage: (id: string) => void;
};

/**
 * Under an own image's details (issue 25): "Upscale ×2 / ×4" with the admin-set price and a
 * confirmation, the links between an original and its upscales, and "Download this generation".
 */
export function UpscalePanel({ image, onOpenImage }: Props) {
  const prices = useUpscalePrices();
  const links = useImageLinks(image.id);
  const upscale = useUpscale();
  const [factor, setFactor] = useState<UpscaleFactor | null>(null);
  const priceOf = (f: number) => prices.data?.prices.find((p) => p.factor === f)?.tokenCost;
  const upscales = links.data?.upscales ?? [];
  const tooBig = (f: number) => Math.max(image.width, image.height) * f > MAX_UPSCALED_SIDE;
  const blocked = UPSCALE_FACTORS.filter(tooBig);
  const tooBigId = useId();

  const confirm = async () => {
    if (!factor) return;
    const f = factor;
    setFactor(null);
    try {
      const out = await upscale.mutateAsync({ id: image.id, factor: f });
      if (out.image) {
        toast({
          title: 'Upscaled',
          description: `The ×${f} image (${out.image.width} × ${out.image.height} px) is in your gallery.`,
        });
        onOpenImage(out.image.id);
      } else {
        toast({ title: 'Upscaling', description: 'The image will appear in your gallery when it is ready.' });
      }
    } catch {
      // the query client's error policy has said why (lib/error-policy.ts)
    }
  };

  return (
    <section aria-label="Upscale and download" className="space-y-3 border-t border-border pt-4">
      <div className="flex flex-wrap gap-2">
        {UPSCALE_FACTORS.map((f) => {
          const cost = priceOf(f);
          return (
            <Button
              key={f}
              type="button"
              variant="outline"
              size="sm"
              disabled={tooBig(f) || cost === undefined || upscale.isPending}
              aria-describedby={tooBig(f) ? tooBigId : undefined}
              onClick={() => setFactor(f)}
            >
              <Maximize2 />
              {`Upscale ×${f}${cost !== undefined ? ` (${cost} tokens)` : ''}`}
            </Button>
          );
        })}
        {image.generationId ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => startZipDownload({ generationId: image.generationId! })}
          >
            <Download /> Download this generation
          </Button>
        ) : null}
      </div>
      {/* The reason a factor is off, in words beside it: a `title` showed it only to a pointer that
          hovered, never to the keyboard or a phone (issue 45 N6). */}
      {blocked.length > 0 ? (
        <p id={tooBigId} className="text-sm text-muted-foreground">
          {`Upscale ${blocked.map((f) => `×${f}`).join(' and ')} is not available: the copy would be over ${MAX_UPSCALED_SIDE} px a side (this image is ${image.width} × ${image.height} px).`}
        </p>
      ) : null}
      {upscale.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Upscaling…
        </p>
      ) : null}
      {image.upscaledFrom || upscales.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Linked images">
          {image.upscaledFrom ? (
            <li>
              <Button
                type="button"
                variant="link"
                className="h-auto p-0"
                onClick={() => onOpenImage(image.upscaledFrom!)}
              >
                Open the original
              </Button>
            </li>
          ) : null}
          {upscales.map((u) => (
            <li key={u.id}>
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => onOpenImage(u.id)}>
                Open the upscale ({u.width} × {u.height} px)
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={factor !== null}
        onOpenChange={(o) => !o && setFactor(null)}
        title={`Upscale ×${factor ?? ''}`}
        description={
          factor
            ? `A ${image.width * factor} × ${image.height * factor} px copy will be added to your gallery for ${priceOf(factor) ?? '?'} tokens. A failed upscale is refunded.`
            : ''
        }
        confirmLabel="Upscale"
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
