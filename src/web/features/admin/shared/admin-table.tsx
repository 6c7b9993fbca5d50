import type { ReactNode } from 'react';
import { LoadMore, type Pages } from '@web/components/ui/load-more';
import { SkeletonRows, Table, TableCaption, TBody, Td, Th, THead, Tr } from '@web/components/ui/table';

export type Column = string | { header: ReactNode; key: string; className?: string; title?: string };

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
