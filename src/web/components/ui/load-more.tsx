import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/** What a list read page by page offers its pager (a TanStack infinite query has all four). */
export type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** the last request for a next page failed */
  isFetchNextPageError?: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * "Load more" under a list read page by page, while there is a next page. A page that failed says so
 * beside the button, which asks again; without it a failed click looked like one that did nothing.
 * With a `busyLabel` the button says it while a page loads, without one it shows its spinner.
 */
export function LoadMore({
  pages,
  label = 'Load more',
  busyLabel,
  className,
}: {
  pages: Pages;
  label?: string;
  busyLabel?: string;
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  const busy = pages.isFetchingNextPage;
  return (
    <div className={cn('flex flex-col items-center gap-2', className)}>
      {pages.isFetchNextPageError && !busy ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load more. Please try again.
        </p>
      ) : null}
      <Button
        variant="outline"
        onClick={() => void pages.fetchNextPage()}
        disabled={busyLabel !== undefined && busy}
        pending={busyLabel === undefined && busy}
      >
        {busy && busyLabel !== undefined ? busyLabel : label}
      </Button>
    </div>
  );
}
