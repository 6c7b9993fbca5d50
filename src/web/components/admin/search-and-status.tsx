import type { ComponentProps } from 'react';
import { OptionSelect } from '@web/components/ui/select';
import { SearchField } from '@web/components/ui/search-field';

type SearchAndStatusProps<V extends string> = {
  search: Omit<ComponentProps<typeof SearchField>, 'className'>;
  status: V;
  onStatusChange: (status: V) => void;
  statuses: readonly { value: V; label: string }[];
};

/** The row above an admin list: a search box and a status filter beside it (stacked on a phone). */
export function SearchAndStatus<V extends string>({
  search,
  status,
  onStatusChange,
  statuses,
}: SearchAndStatusProps<V>) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row">
      <SearchField className="flex-1" {...search} />
      <OptionSelect
        value={status}
        onValueChange={onStatusChange}
        options={statuses}
        className="sm:w-48"
        aria-label="Filter by status"
      />
    </div>
  );
}
