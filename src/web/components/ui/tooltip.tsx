import {
  createContext,
  useContext,
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
 * Groups tooltips so moving between them skips the delay, for a screen that has many; a lone Tooltip
 * brings its own provider with the same delay.
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
 * A trigger (one element, e.g. a button) with a tooltip of plain words.
 *
 * Radix closes a tooltip when the page scrolls under its trigger, and a trigger reached with Tab below
 * the fold is scrolled into view by the browser, whose scroll event comes in the next frame: the
 * tooltip opened on that focus closed at once (the footer's offline note always starts below the
 * fold). So a keyboard focus opens it in the next frame, after that scroll; a focus by a press opens
 * nothing, as in Radix.
 */
export function WithTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger
        asChild
        onFocus={(event) => {
          // Radix's own focus handler is skipped
          event.preventDefault();
          const trigger = event.currentTarget;
          if (!trigger.matches(':focus-visible')) return;
          requestAnimationFrame(() => {
            if (document.activeElement === trigger) setOpen(true);
          });
        }}
      >
        {children}
      </TooltipTrigger>
      <TooltipContent>{content}</TooltipContent>
    </Tooltip>
  );
}
