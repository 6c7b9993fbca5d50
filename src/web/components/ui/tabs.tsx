import {
  Children,
  createContext,
  isValidElement,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react';
import { cn } from '@web/lib/cn';

// WAI-ARIA's tabs pattern, horizontal: one tab stop in the list (the selected tab), Left and Right
// move between tabs and wrap, Home and End go to the ends; with automatic activation a tab is selected
// as it gets focus, with manual activation by Enter, Space or a click. Only the selected panel is
// rendered. Radix's tabs did the same, but each panel's presence was a state set from its ref and
// measured with getComputedStyle in a layout effect: re-renders and a forced style recalculation, all
// synchronous, as the page first commits (docs/decisions/049-own-tabs.md).

type TabsContextValue = {
  baseId: string;
  value: string;
  select: (value: string) => void;
  activationMode: 'automatic' | 'manual';
};

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

// ids that stay valid whatever a value holds (the billing months are "2026-11", a tab may have
// spaces), and stay apart: each character other than a letter, a digit or "-" is written as its code
// point between underscores, so "a b", "a_b" and "a.b" give three ids
const partId = (baseId: string, part: 'trigger' | 'content', value: string) =>
  `${baseId}-${part}-${value.replace(/[^a-zA-Z0-9-]/gu, (c) => `_${c.codePointAt(0)!.toString(16)}_`)}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  activationMode?: 'automatic' | 'manual';
};

export function Tabs({
  value: controlled,
  defaultValue = '',
  onValueChange,
  activationMode = 'automatic',
  ...props
}: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const select = (next: string) => {
    if (next === value) return;
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value, select, activationMode }}>
      <div data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

// The tab that holds the list's tab stop when the value matches none of its tabs: the first enabled
// one. Without it the list could not be reached by Tab at all. Read from the list's own children, so
// tabs wrapped in other components are not seen (every list here has its tabs as direct children).
const FallbackTabContext = createContext<string | undefined>(undefined);

function fallbackTab(children: ComponentProps<'div'>['children'], value: string): string | undefined {
  const tabs: { value: string; disabled: boolean }[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<{ value?: unknown; disabled?: boolean }>(child)) return;
    const { value: v, disabled } = child.props;
    if (typeof v === 'string') tabs.push({ value: v, disabled: Boolean(disabled) });
  });
  if (tabs.some((t) => t.value === value)) return undefined;
  return tabs.find((t) => !t.disabled)?.value;
}

export function TabsList({ className, onKeyDown, children, ...props }: ComponentProps<'div'>) {
  const { value } = useTabs('TabsList');
  // automatic activation: moving the focus is enough, the tab's focus handler selects it
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const to = {
      ArrowRight: (at + 1) % tabs.length,
      ArrowLeft: (at - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    tabs[to].focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        'inline-flex h-10 max-w-full items-center justify-start overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      onKeyDown={move}
      {...props}
    >
      <FallbackTabContext.Provider value={fallbackTab(children, value)}>
        {children}
      </FallbackTabContext.Provider>
    </div>
  );
}

type TabsTriggerProps = Omit<ComponentProps<'button'>, 'value' | 'type' | 'role'> & { value: string };

export function TabsTrigger({ value, className, disabled, onClick, onFocus, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  const fallback = useContext(FallbackTabContext);
  const tabStop = selected || fallback === value;
  return (
    <button
      type="button"
      role="tab"
      id={partId(tabs.baseId, 'trigger', value)}
      aria-selected={selected}
      aria-controls={partId(tabs.baseId, 'content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      tabIndex={tabStop ? 0 : -1}
      className={cn(
        'inline-flex cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        // a click, or Enter and Space (a button's own keys), in either activation mode
        if (!event.defaultPrevented) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented && tabs.activationMode === 'automatic') tabs.select(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = Omit<ComponentProps<'div'>, 'role'> & { value: string };

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={partId(tabs.baseId, 'content', value)}
      aria-labelledby={partId(tabs.baseId, 'trigger', value)}
      data-state="active"
      data-orientation="horizontal"
      tabIndex={0}
      className={cn('mt-4 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
}
