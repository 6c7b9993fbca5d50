import { createContext, useContext, type ComponentProps, type ReactElement, type ReactNode } from 'react';
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

/** A trigger (one element, e.g. a button) with a tooltip of plain words. */
export function WithTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{content}</TooltipContent>
    </Tooltip>
  );
}
