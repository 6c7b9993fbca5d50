import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Skeleton } from '@web/components/ui/skeleton';

// A plain, scrollable table styled with the theme tokens; the admin tabs share it.
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    // relative: absolutely positioned content (sr-only text) scrolls inside the box, not the page
    <div className="relative w-full overflow-x-auto rounded-lg border border-border">
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
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
