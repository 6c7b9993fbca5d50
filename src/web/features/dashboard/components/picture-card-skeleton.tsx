import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';

type Props = {
  /** the loaded card's picture shape, e.g. `aspect-square` */
  aspect: string;
  /** how wide the title and the line under it usually are, so the page does not jump when they load */
  titleWidth: string;
  textWidth: string;
  /** the loaded card's spacing between its texts */
  spacing: string;
};

/** A dashboard card that is loading: its picture, title, one line of text and its button. */
export function PictureCardSkeleton({ aspect, titleWidth, textWidth, spacing }: Props) {
  return (
    <Card className="overflow-hidden">
      <Skeleton className={cn('w-full rounded-none', aspect)} />
      <div className={cn('p-4', spacing)}>
        <Skeleton className={cn('h-5', titleWidth)} />
        <Skeleton className={cn('h-4', textWidth)} />
        <Skeleton className="h-9 w-full" />
      </div>
    </Card>
  );
}
