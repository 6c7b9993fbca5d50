import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Skeleton } from '@web/components/ui/skeleton';

/**
 * A plain table styled with the theme tokens, scrolling sideways in its own box so a wide table never
 * widens the page (every admin list uses it). Give a wide table a `min-w-[…]` through `className`.
 * Header cells are `scope="col"`; add a `TableCaption` when the table has no visible heading.
 */
export function Table({
  className,
  wrapperClassName,
  scrollLabel,
  ...props
}: ComponentProps<'table'> & {
  wrapperClassName?: string;
  /**
   * Names the scrolling box and makes it focusable, so a keyboard can scroll a table that holds no
   * focusable cell (axe: scrollable-region-focusable). Set it on tables wider than a phone.
   */
  scrollLabel?: string;
}) {
  const region = scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {};
  return (
    // `relative`: absolutely positioned content (the sr-only "(opens in a new tab)" of links) scrolls
    // inside this box instead of growing the page sideways at 360 px
    <div
      className={cn(
        'relative w-full overflow-x-auto rounded-lg border border-border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        wrapperClassName,
      )}
      {...region}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export const TableCaption = ({ className, ...props }: ComponentProps<'caption'>) => (
  <caption className={cn('mt-3 text-sm text-muted-foreground', className)} {...props} />
);
export const THead = (props: ComponentProps<'thead'>) => (
  <thead className="bg-muted/50 [&_tr]:border-b" {...props} />
);
export const TBody = (props: ComponentProps<'tbody'>) => (
  <tbody className="[&_tr:last-child]:border-0" {...props} />
);
export const Tr = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr className={cn('border-b border-border transition-colors hover:bg-muted/40', className)} {...props} />
);
export const Th = ({ className, ...props }: ComponentProps<'th'>) => (
  <th
    scope="col"
    className={cn(
      'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
      className,
    )}
    {...props}
  />
);
export const Td = ({ className, ...props }: ComponentProps<'td'>) => (
  <td className={cn('p-3 align-middle', className)} {...props} />
);

/** Placeholder rows while a table's first page loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <Tr key={i}>
      <Td colSpan={columns}>
        <Skeleton className="h-6 w-full" />
      </Td>
    </Tr>
  ));
}
