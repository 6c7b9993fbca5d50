import {
  createContext,
  useContext,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type * as SelectPrimitive from '@radix-ui/react-select';
import { ChevronDown } from 'lucide-react';
import { chunkLoader } from '@web/lib/chunk-loader';
import { opensOnMount, standInHandlers, useTakeOver, type Wanted } from '@web/lib/take-over';
import { cn } from '@web/lib/cn';
import { SearchField } from './search-field';
import { SELECT_TRIGGER_CLASS } from './select-styles';

// Radix Select comes with the `dialogs` chunk (Radix's overlays and their positioning engine, ~40 KiB
// gzip). A page draws its selects closed, so each is drawn here as a plain trigger that looks and reads
// the same (a combobox named as the caller names it, showing the chosen value), and the chunk loads
// when a select is about to be used: the mouse over a trigger, the keyboard's focus on it, a press.
// Then Radix's select takes over, with the focus if the plain trigger had it, open if it was pressed,
// and with the key the person pressed meanwhile (docs/decisions/042-overlays-on-demand.md).
type Radix = typeof import('./select-radix');
const radixChunk = chunkLoader((): Promise<Radix> => import('./select-radix'));

/**
 * Loads Radix's select now, so selects drawn from then on are Radix's from the start. The component
 * tests of pages call it: they are about the page, and userEvent presses the element it found first,
 * which the swap replaces (./select.test.tsx tests the plain trigger and the swap).
 */
export const preloadSelect = (): Promise<void> => radixChunk.load().then(() => undefined);

const Plain = createContext<{
  want: (wanted?: Wanted) => void;
  disabled?: boolean;
  /** nothing chosen: the trigger shows the placeholder, as Radix's does */
  empty: boolean;
} | null>(null);
const TakeOver = createContext<Wanted>({});
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];
// an opening key, or a letter to jump to an item (Radix's typeahead)
const selectKey = (event: KeyboardEvent) =>
  OPEN_KEYS.includes(event.key) ||
  (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey);

export function Select({ defaultOpen, ...props }: ComponentProps<typeof SelectPrimitive.Root>) {
  const [radix, setRadix] = useState(radixChunk.loaded);
  const [wanted, setWanted] = useState<Wanted | null>(null);
  if (radix)
    return (
      <TakeOver.Provider value={wanted ?? {}}>
        <radix.Select
          {...props}
          defaultOpen={defaultOpen || (wanted !== null && opensOnMount(wanted))}
          // approached before its code was in: its items mount at once, so a letter typed then finds them
          primed={wanted !== null}
        />
      </TakeOver.Provider>
    );
  const want = (next: Wanted = {}) => {
    setWanted((w) => ({ ...w, ...next }));
    radixChunk.load().then(setRadix, () => {});
  };
  // Radix's rule for its placeholder (`shouldShowPlaceholder`): no value, or the empty string
  const chosen = props.value ?? props.defaultValue;
  return (
    <Plain.Provider value={{ want, disabled: props.disabled, empty: chosen === undefined || chosen === '' }}>
      {props.children}
    </Plain.Provider>
  );
}

/**
 * The trigger's text: `children` is the chosen item's label (the items may not be mounted), the
 * placeholder while nothing is chosen.
 */
export function SelectValue(props: ComponentProps<typeof SelectPrimitive.Value> & { children: ReactNode }) {
  const plain = useContext(Plain);
  const loaded = radixChunk.loaded();
  if (plain || !loaded)
    return <span style={{ pointerEvents: 'none' }}>{plain?.empty ? props.placeholder : props.children}</span>;
  return <loaded.SelectValue {...props} />;
}

export function SelectTrigger(props: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const plain = useContext(Plain);
  const loaded = radixChunk.loaded();
  if (plain || !loaded) return <PlainTrigger {...props} />;
  return <RadixTrigger radix={loaded} {...props} />;
}

function PlainTrigger({
  className,
  children,
  onFocus,
  onPointerEnter,
  onPointerDown,
  onClick,
  onKeyDown,
  asChild: _asChild,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const plain = useContext(Plain);
  const standIn = standInHandlers((wanted) => plain?.want(wanted), selectKey);
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={plain?.empty ? '' : undefined}
      disabled={plain?.disabled}
      className={cn(SELECT_TRIGGER_CLASS, className)}
      {...props}
      onFocus={(e) => {
        standIn.onFocus();
        onFocus?.(e);
      }}
      onPointerEnter={(e) => {
        standIn.onPointerEnter(e);
        onPointerEnter?.(e);
      }}
      onPointerDown={(e) => {
        standIn.onPointerDown(e);
        onPointerDown?.(e);
      }}
      onClick={(e) => {
        standIn.onClick(e);
        onClick?.(e);
      }}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        standIn.onKeyDown(e);
      }}
    >
      {children}
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}

function RadixTrigger({
  radix,
  ref,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger> & { radix: Radix }) {
  const own = useRef<HTMLButtonElement | null>(null);
  useTakeOver(own, useContext(TakeOver));
  return (
    <radix.SelectTrigger
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      {...props}
    />
  );
}

export function SelectContent(props: ComponentProps<typeof SelectPrimitive.Content>) {
  const plain = useContext(Plain);
  const loaded = radixChunk.loaded();
  if (plain || !loaded) return null;
  return <loaded.SelectContent {...props} />;
}

export function SelectItem(props: ComponentProps<typeof SelectPrimitive.Item>) {
  const plain = useContext(Plain);
  const loaded = radixChunk.loaded();
  if (plain || !loaded) return null;
  return <loaded.SelectItem {...props} />;
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
