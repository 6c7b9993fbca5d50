import type { ReactNode } from 'react';
import { IconButton, type IconComponent } from '@web/components/ui/icon-button';
import { SkeletonRows, Table, TableCaption, TBody, Td, Th, THead, Tr } from '@web/components/ui/table';
import { AdminList, type AdminListProps } from './admin-list';

export type Column = string | { header: ReactNode; key: string; className?: string; title?: string };

type AdminTableProps<Row> = Omit<
  AdminListProps,
  'children' | 'skeleton' | 'isEmpty' | 'empty' | 'className'
> & {
  columns: Column[];
  rows: Row[];
  /** placeholder rows while the first page loads */
  skeletonRows?: number;
  /** said in the table when there are no rows */
  empty: ReactNode;
  children: (row: Row, index: number) => ReactNode;
  /** the table's own classes (a `min-w-*` makes it scroll sideways inside its box at 360 px) */
  className?: string;
  /** names the scrolling box, for tables wider than a phone (see `Table`) */
  scrollLabel?: string;
  caption?: string;
};

/**
 * An admin list as a table: its filters, column headers, placeholder rows while the first page
 * loads, one row per item (`children`), a line when there is none, the failure with a retry, and
 * the pager under it. The table scrolls sideways inside its own box, so a page never does at 360 px.
 */
export function AdminTable<Row>({
  columns,
  rows,
  loading = false,
  skeletonRows = 4,
  empty,
  children,
  className,
  scrollLabel,
  caption,
  ...list
}: AdminTableProps<Row>) {
  return (
    // the table shows its own placeholder and empty rows, under its headers
    <AdminList {...list}>
      <Table className={className} scrollLabel={scrollLabel} aria-busy={loading || undefined}>
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
    </AdminList>
  );
}

/** The last column: the row's buttons, aligned right. */
export const ACTIONS_COLUMN: Column = { key: 'actions', header: 'Actions', className: 'text-right' };

/** A row's id, short; the whole id on hover (the audit log's filter takes it). */
export function IdCell({ id }: { id: string }) {
  return (
    <Td className="font-mono text-xs text-muted-foreground" title={id}>
      {id.slice(0, 8)}
    </Td>
  );
}

/** A row's icon-only button, named for what it does to which row ("Edit alice"). */
export function RowIconButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: IconComponent;
  onClick: () => void;
}) {
  return <IconButton variant="ghost" label={label} icon={icon} onClick={onClick} />;
}
