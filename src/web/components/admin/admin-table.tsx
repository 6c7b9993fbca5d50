import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { SkeletonRows, Table, TableCaption, TBody, Td, Th, THead, Tr } from '@web/components/ui/table';

export type Column = string | { header: ReactNode; key: string; className?: string; title?: string };

/** What a list read page by page offers its pager (a TanStack infinite query has all three). */
export type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

type AdminTableProps<Row> = {
  columns: Column[];
  rows: Row[];
  /** the first page is on its way: placeholder rows instead */
  loading: boolean;
  skeletonRows?: number;
  /** said in the table when there are no rows */
  empty: ReactNode;
  children: (row: Row, index: number) => ReactNode;
  /** the pager under the table, when the list comes page by page */
  pages?: Pages;
  className?: string;
  scrollLabel?: string;
  caption?: string;
};

/** "Load more" under a list read page by page, while there is a next page. */
export function LoadMore({
  pages,
  label = 'Load more',
  busyLabel = label,
  className,
}: {
  pages: Pages;
  label?: string;
  busyLabel?: string;
  className?: string;
}) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center', className)}>
      <Button
        variant="outline"
        onClick={() => void pages.fetchNextPage()}
        disabled={pages.isFetchingNextPage}
      >
        {pages.isFetchingNextPage ? busyLabel : label}
      </Button>
    </div>
  );
}

/**
 * An admin list as a table: its column headers, placeholder rows while the first page loads, one row
 * per item (`children`), a line when there is none, and the pager under it.
 */
export function AdminTable<Row>({
  columns,
  rows,
  loading,
  skeletonRows = 4,
  empty,
  children,
  pages,
  className,
  scrollLabel,
  caption,
}: AdminTableProps<Row>) {
  return (
    <>
      <Table className={className} scrollLabel={scrollLabel}>
        {caption ? <TableCaption className="sr-only">{caption}</TableCaption> : null}
        <THead>
          <Tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <Th key={c}>{c}</Th>
              ) : (
                <Th key={c.key} className={c.className} title={c.title}>
                  {c.header}
                </Th>
              ),
            )}
          </Tr>
        </THead>
        <TBody>
          {loading ? <SkeletonRows rows={skeletonRows} columns={columns.length} /> : rows.map(children)}
          {!loading && rows.length === 0 ? (
            <Tr>
              <Td colSpan={columns.length} className="py-8 text-center text-muted-foreground">
                {empty}
              </Td>
            </Tr>
          ) : null}
        </TBody>
      </Table>
      {pages ? <LoadMore pages={pages} /> : null}
    </>
  );
}
