import type { ReactNode } from 'react';
import { ErrorAlert } from '@web/components/ui/error-alert';
import { LoadMore, type Pages } from '@web/components/ui/load-more';
import { SearchField } from '@web/components/ui/search-field';

/** A list that failed to load: what failed, and how to ask again. */
export type AdminListFailure = {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** "Retry" unless a screen words it otherwise */
  retryLabel?: string;
  /** said when the error carries no message of the server's */
  fallback?: string;
};

/** The pager's words, when a screen has its own. */
export type PagerText = { label?: string; busyLabel?: string; className?: string };

export type AdminListProps = {
  /** the search box, selects and buttons above the list */
  filters?: ReactNode;
  /** the first page is on its way: `skeleton` shows instead */
  loading?: boolean;
  skeleton?: ReactNode;
  /** set when the read failed: an alert with a retry button replaces the list and its pager */
  failure?: AdminListFailure | null | false;
  /** nothing to show: `empty` replaces the list */
  isEmpty?: boolean;
  empty?: ReactNode;
  /** the list read page by page: "Load more" under it */
  pages?: Pages;
  pager?: PagerText;
  className?: string;
  children: ReactNode;
};

/**
 * Every admin list's states in one order: its filters, then a placeholder while the first page
 * loads, the failure with a retry, the empty line, or the list itself, and "Load more" under it.
 */
export function AdminList({
  filters,
  loading = false,
  skeleton,
  failure,
  isEmpty = false,
  empty,
  pages,
  pager,
  className = 'space-y-4',
  children,
}: AdminListProps) {
  let body: ReactNode = children;
  if (failure)
    body = (
      <ErrorAlert
        title={failure.title}
        error={failure.error}
        onRetry={failure.onRetry}
        retryLabel={failure.retryLabel ?? 'Retry'}
        fallback={failure.fallback}
      />
    );
  else if (loading) body = skeleton;
  else if (isEmpty) body = empty;
  return (
    <div className={className}>
      {filters}
      {body}
      {pages && !failure && !loading ? <LoadMore pages={pages} {...pager} /> : null}
    </div>
  );
}

/** The `failure` of a TanStack query: set once it has failed, with its refetch as the retry. */
export function failureOf(
  query: { isError: boolean; error: unknown; refetch: () => Promise<unknown> },
  title: string,
  more: Omit<AdminListFailure, 'title' | 'error' | 'onRetry'> & { onRetry?: () => void } = {},
): AdminListFailure | null {
  if (!query.isError) return null;
  return { title, error: query.error, onRetry: () => void query.refetch(), ...more };
}

/** An admin list's search box, bound to `useDebouncedSearch` (the server is asked once typing pauses). */
export function AdminSearch({
  search,
  label,
  placeholder,
  className = 'sm:w-80',
  maxLength,
}: {
  search: { text: string; setText: (text: string) => void };
  label: string;
  placeholder: string;
  className?: string;
  maxLength?: number;
}) {
  return (
    <SearchField
      className={className}
      label={label}
      placeholder={placeholder}
      value={search.text}
      onValueChange={search.setText}
      maxLength={maxLength}
    />
  );
}
