import type { ReactNode } from 'react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { Badge } from '@web/components/ui/badge';
import { Dialog, DialogContent, DialogHeading } from '@web/components/ui/dialog';
import { relativeTime } from '@web/lib/format';
import { useReturnFocus } from '@web/lib/use-return-focus';
import { likenessText } from './likeness-label';
import { aspectRatio, isHd } from './download';

type Props = {
  image:
    | (Pick<
        GeneratedImageView,
        | 'thumbnailUrl'
        | 'imageUrl'
        | 'createdAt'
        | 'width'
        | 'height'
        | 'tokensUsed'
        | 'baseModelName'
        | 'modelName'
        | 'styleName'
        | 'prompt'
        | 'negativePrompt'
        | 'isNSFW'
      > & { likeness?: number | null })
    | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** more below the details: the gallery's upscale and download actions (issue 25) */
  children?: ReactNode;
  /** blur NSFW pictures for viewers who did not enable NSFW content (docs/product/decisions.md §23) */
  hideNsfw?: boolean;
  /** whose image it is when the viewer is not its owner (the admin gallery): the likeness names them */
  ownerName?: string | null;
  /** the viewer's face analysis is off: say so where a personal model's likeness would be */
  likenessOff?: boolean;
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The Image Details dialog (docs/product/spec-part-1.md §2, part 2 §2), shared by the galleries and the generator. */
export function ImageDetailsDialog({
  image,
  open,
  onOpenChange,
  hideNsfw,
  ownerName,
  likenessOff,
  children,
}: Props) {
  // Opened from buttons, not a Dialog trigger: remember the opener so closing puts the keyboard back there.
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open && image !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg" {...returnFocus}>
        <DialogHeading title="Image Details" description={<>Created {relativeTime(image?.createdAt)}</>} />
        {image ? (
          <div className="space-y-4">
            <div className="overflow-hidden rounded-lg bg-muted">
              <img
                src={image.thumbnailUrl || image.imageUrl}
                alt={image.prompt || 'Generated image'}
                className={`mx-auto max-h-64 w-auto object-contain ${image.isNSFW && hideNsfw ? 'blur-xl' : ''}`}
              />
            </div>
            <dl className="divide-y divide-border">
              <Row label="Dimensions">
                {image.width && image.height ? `${image.width} × ${image.height} px` : 'Unknown'}
              </Row>
              <Row label="Aspect ratio">{aspectRatio(image.width, image.height)}</Row>
              <Row label="Resolution">
                {isHd(image.width, image.height) ? <Badge>HD</Badge> : <Badge variant="secondary">SD</Badge>}
              </Row>
              <Row label="Tokens used">{image.tokensUsed ?? 0}</Row>
              <Row label="Base model">{image.baseModelName || 'Default'}</Row>
              <Row label="LoRA model">{image.modelName || 'None'}</Row>
              {typeof image.likeness === 'number' ? (
                <Row label="Likeness">{likenessText(image.likeness, ownerName)}</Row>
              ) : likenessOff && image.modelName ? (
                <Row label="Likeness">
                  <span className="text-muted-foreground">
                    Off: face analysis is off (Settings → Privacy), so no likeness is scored.
                  </span>
                </Row>
              ) : null}
              <Row label="Style preset">{image.styleName || 'Custom'}</Row>
              <Row label="Prompt">
                {image.prompt?.trim() ? (
                  <span className="whitespace-pre-wrap">{image.prompt}</span>
                ) : (
                  <span className="text-muted-foreground">No prompt data available</span>
                )}
              </Row>
              {image.negativePrompt?.trim() ? (
                <Row label="Negative prompt">{image.negativePrompt}</Row>
              ) : null}
            </dl>
            {children}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
