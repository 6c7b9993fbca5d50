// Radix Select, in the `dialogs` chunk with the other overlays (vite.config.ts). Pages use it through
// ./select.tsx, which draws a plain trigger until the select is about to be used.
import { createContext, useContext, useState, type ComponentProps, type ReactNode } from 'react';
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { SELECT_TRIGGER_CLASS } from './select-styles';

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
  primed: primedAtFirst = false,
  ...props
}: ComponentProps<typeof SelectPrimitive.Root> & {
  /** its items mount at once: its trigger was approached before this code was in (./select.tsx) */
  primed?: boolean;
}) {
  const [openState, setOpenState] = useState(defaultOpen);
  const [primed, setPrimed] = useState(primedAtFirst);
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
      className={cn(SELECT_TRIGGER_CLASS, className)}
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
