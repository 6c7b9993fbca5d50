import type { ComponentProps } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { SearchField } from './search-field';

export const Select = SelectPrimitive.Root;

/** The trigger's text: the chosen item's label (`children`, or the item's own text), else the placeholder. */
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-placeholder:text-muted-foreground [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-lg border border-border bg-popover text-popover-foreground shadow-lg data-[state=open]:animate-fade-in',
          position === 'popper' &&
            'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-pointer items-center rounded-md py-1.5 pr-8 pl-2 text-sm outline-none select-none focus:bg-muted data-disabled:pointer-events-none data-disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

type OptionSelectProps<V extends string> = {
  value: V;
  onValueChange: (value: V) => void;
  /** the choices, in order, each with the words it shows */
  options: readonly { value: V; label: string }[];
  id?: string;
  /** the name when no visible label points at `id` */
  'aria-label'?: string;
  /** the trigger's width */
  className?: string;
  disabled?: boolean;
};

/** A select over a fixed list of choices (a filter, a status): the trigger shows the chosen one's words. */
export function OptionSelect<V extends string>({
  value,
  onValueChange,
  options,
  id,
  'aria-label': ariaLabel,
  className,
  disabled,
}: OptionSelectProps<V>) {
  return (
    <Select value={value} onValueChange={(v) => onValueChange(v as V)} disabled={disabled}>
      <SelectTrigger id={id} className={className} aria-label={ariaLabel}>
        <SelectValue>{options.find((o) => o.value === value)?.label}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

type SearchAndStatusProps<V extends string> = {
  search: Omit<ComponentProps<typeof SearchField>, 'className'>;
  status: V;
  onStatusChange: (status: V) => void;
  statuses: readonly { value: V; label: string }[];
};

/** The row above a list: a search box and a status filter beside it (stacked on a phone). */
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
