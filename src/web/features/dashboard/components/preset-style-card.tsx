import { useState } from 'react';
import { Eye, EyeOff, ImageOff } from 'lucide-react';
import { formatTokens } from '@web/lib/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { IconButton } from '@web/components/ui/icon-button';
import { WithTooltip } from '@web/components/ui/tooltip';
import type { DashboardPresetStyle } from '../api/dashboard-api';
import { ButtonLink } from '@web/components/ui/button-link';

export function PresetStyleCard({ style }: { style: DashboardPresetStyle }) {
  const [revealed, setRevealed] = useState(false);
  const hidden = style.isNSFW && !revealed;
  const hideButton = (
    <IconButton
      variant="secondary"
      className="absolute top-2 right-2 bg-background/80 backdrop-blur"
      label="Hide sensitive content"
      icon={EyeOff}
      onClick={() => setRevealed(false)}
    />
  );
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className="relative aspect-square w-full overflow-hidden bg-muted">
        {style.previewImageUrl ? (
          <img
            src={style.previewImageUrl}
            // A hidden NSFW preview must not be described either.
            alt={hidden ? '' : `${style.name} preview`}
            loading="lazy"
            className={hidden ? 'size-full scale-110 object-cover blur-2xl' : 'size-full object-cover'}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted-foreground">
            <ImageOff className="size-8" aria-hidden="true" />
            <span className="text-sm">No preview</span>
          </div>
        )}
        {style.isNSFW ? (
          <Badge variant="destructive" className="absolute top-2 left-2 z-10 bg-red-600 text-white">
            NSFW
          </Badge>
        ) : null}
        {hidden ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-black/55 p-4 text-center text-white backdrop-blur-md">
            <EyeOff className="size-6" aria-hidden="true" />
            <p className="text-sm font-medium">This preset contains NSFW content</p>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setRevealed(true)}
              aria-label={`View Content of ${style.name}`}
            >
              <Eye aria-hidden="true" />
              View Content
            </Button>
          </div>
        ) : null}
        {style.isNSFW && revealed ? (
          <WithTooltip content="Hide sensitive content">{hideButton}</WithTooltip>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold">{style.name}</h3>
          <span className="shrink-0 text-sm font-medium text-primary-text">
            {formatTokens(style.tokenCost)}
          </span>
        </div>
        {style.description ? (
          <p className="line-clamp-3 text-sm text-muted-foreground">{style.description}</p>
        ) : null}
        <ButtonLink
          size="sm"
          className="mt-auto"
          to={`/generate?styleId=${encodeURIComponent(style.id)}`}
          aria-label={`Use Style ${style.name}`}
        >
          Use Style
        </ButtonLink>
      </div>
    </Card>
  );
}
