import { createContext, useContext, useState, type ComponentProps, type ReactNode } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { SearchField } from './search-field';

/**
 * Whether the list's items are mounted. Radix mounts a closed select's items too (into a detached
 * fragment, so the trigger can show the chosen item's text), and every item re-renders the whole
 * select as it registers: a page with three selects spent most of its first render there (issue 14).
 * Here the items mount when the list opens, or once the trigger is focused or hovered (so typing a
 * letter on a closed, focused trigger still picks an item); the trigger shows the chosen item's text
 * from `SelectValue`'s children, which every caller passes.
 */
const ItemsMounted = createContext<(() => void) | null>(null);
const ItemsWanted = createContext(false);

export function Select({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  ...props
}: ComponentProps<typeof SelectPrimitive.Root>) {
  const [openState, setOpenState] = useState(defaultOpen);
  const [primed, setPrimed] = useState(false);
  const open = openProp ?? openState;
  return (
    <ItemsMounted.Provider value={primed ? null : () => setPrimed(true)}>
      <ItemsWanted.Provider value={open || primed}>
        <SelectPrimitive.Root
          open={open}
          onOpenChange={(next) => {
            setOpenState(next);
            onOpenChange?.(next);
          }}
          {...props}
        />
      </ItemsWanted.Provider>
    </ItemsMounted.Provider>
  );
}

export const SelectGroup = SelectPrimitive.Group;

/** The trigger's text: `children` is the chosen item's label (the items may not be mounted). */
export function SelectValue(props: ComponentProps<typeof SelectPrimitive.Value> & { children: ReactNode }) {
  return <SelectPrimitive.Value {...props} />;
}

export function SelectTrigger({
  className,
  children,
  onFocus,
  onPointerEnter,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const prime = useContext(ItemsMounted);
  return (
    <SelectPrimitive.Trigger
      onFocus={(e) => {
        prime?.();
        onFocus?.(e);
      }}
      onPointerEnter={(e) => {
        prime?.();
        onPointerEnter?.(e);
      }}
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
  const wanted = useContext(ItemsWanted);
  if (!wanted) return null;
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

export function SelectLabel({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      className={cn('px-2 py-1.5 text-xs text-muted-foreground', className)}
      {...props}
    />
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
