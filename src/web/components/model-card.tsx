import type { ReactNode } from 'react';
import { relativeTime } from '@web/lib/format';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { ModelThumbnail } from '@web/components/model-thumbnail';

type Props = {
  model: { name: string; previewImageUrl: string | null | undefined; createdAt: string };
  /** h2 when the cards sit straight under the page's h1, h3 under a section's heading */
  heading: 'h2' | 'h3';
  /** the status badge in the screen's own words */
  badge: ReactNode;
  /** what the screen shows between the name and the date, if anything */
  description?: ReactNode;
  /** the row of buttons at the card's foot, laid out by the screen */
  actions: ReactNode;
  /** the space between the card's lines */
  spacing: string;
  'data-testid'?: string;
};

/** A model in a grid (dashboard and My Models, docs/product/spec-part-1.md §2): picture, name, status, age, next steps. */
export function ModelCard({ model, heading: Heading, badge, description, actions, spacing, ...rest }: Props) {
  return (
    <Card className="flex flex-col overflow-hidden" {...rest}>
      <ModelThumbnail name={model.name} previewImageUrl={model.previewImageUrl} />
      <div className={cn('flex flex-1 flex-col p-4', spacing)}>
        <div className="flex items-start justify-between gap-2">
          <Heading className="min-w-0 truncate font-semibold" title={model.name}>
            {model.name}
          </Heading>
          {badge}
        </div>
        {description}
        <p className="text-sm text-muted-foreground">Created {relativeTime(model.createdAt)}</p>
        {actions}
      </div>
    </Card>
  );
}
