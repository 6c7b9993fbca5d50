import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { cn } from '@web/lib/cn';

/** Spec part 1 §9: tooltips open after 700 ms. */
export const TOOLTIP_DELAY_MS = 700;

const HasProvider = createContext(false);

/**
 * Groups tooltips so moving between them skips the delay, for a screen that has many. Not in the
 * app-wide providers nor in the shell: Radix Tooltip and its positioning engine would then weigh on
 * every first paint; a lone Tooltip brings its own provider with the same delay.
 */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Provider>) {
  return (
    <HasProvider.Provider value={true}>
      <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />
    </HasProvider.Provider>
  );
}

/** Works under a TooltipProvider or on its own (it then brings its own provider). */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  const provided = useContext(HasProvider);
  const root = <TooltipPrimitive.Root {...props} />;
  return provided ? (
    root
  ) : (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>{root}</TooltipPrimitive.Provider>
  );
}

export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/**
 * A trigger and its tooltip, for TooltipOnDemand (tooltip-on-demand.tsx), which loads this file only
 * when the tooltip is about to open. `refocus` gives the keyboard back to the trigger, which React
 * has just drawn again inside the tooltip, in the same commit; Radix then opens it as on any focus.
 * `hoveredAt` (a `performance.now()` time) says the pointer entered the trigger drawn before this one
 * and has not left it: the tooltip opens when the delay since then is over, as if Radix had seen that
 * hover, unless the pointer moves off first.
 */
export function TooltipFor({
  content,
  children,
  refocus,
  hoveredAt = null,
}: {
  content: ReactNode;
  children: ReactElement;
  refocus: boolean;
  hoveredAt?: number | null;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (refocus) trigger.current?.focus();
  }, [refocus]);
  useEffect(() => {
    if (hoveredAt === null) return;
    const timer = window.setTimeout(
      () => setOpen(true),
      Math.max(0, TOOLTIP_DELAY_MS - (performance.now() - hoveredAt)),
    );
    // The first move tells where the pointer is. Over the trigger, Radix has seen it (its own
    // pointermove) and handles the rest, leaving included; anywhere else, the hover is over.
    const firstMove = (event: PointerEvent) => {
      document.removeEventListener('pointermove', firstMove);
      const target = event.target instanceof Element ? event.target : null;
      if (
        target &&
        (trigger.current?.contains(target) || target.closest('[data-radix-popper-content-wrapper]'))
      )
        return;
      window.clearTimeout(timer);
      setOpen(false);
    };
    document.addEventListener('pointermove', firstMove);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('pointermove', firstMove);
    };
  }, [hoveredAt]);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild ref={trigger}>
        {children}
      </TooltipTrigger>
      <TooltipContent>{content}</TooltipContent>
    </Tooltip>
  );
}
