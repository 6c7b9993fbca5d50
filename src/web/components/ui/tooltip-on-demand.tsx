import { cloneElement, useRef, useState, type FocusEvent, type ReactElement, type ReactNode } from 'react';

// Radix Tooltip comes with the `dialogs` chunk (~47 KiB gzip); a page with one tooltip, such as the
// footer's offline note on /login, loads it only once the pointer or the keyboard reaches the trigger
// (issue 23).
type TooltipForComponent = (typeof import('./tooltip'))['TooltipFor'];
let loaded: TooltipForComponent | null = null;
const loadTooltip = async () => (loaded ??= (await import('./tooltip')).TooltipFor);

type TriggerProps = {
  onPointerEnter?: () => void;
  onPointerLeave?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

type Ready = { TooltipFor: TooltipForComponent; refocus: boolean; hoveredAt: number | null };

/**
 * `children`: the trigger (a button), drawn as is until the tooltip is wanted. The plain trigger stays
 * in place, focused, while the chunk loads: a Suspense fallback would draw it again elsewhere in the
 * tree and drop the keyboard's focus to <body> until the chunk came, so a Tab pressed meanwhile would
 * start again from the top of the page. The swap itself happens in one commit, and TooltipFor gives
 * the focus back in a layout effect of that same commit, before any key can land in between.
 *
 * A pointer still resting on the trigger when the chunk arrives opens the tooltip too: the swapped-in
 * trigger is a new element, and Radix opens on a pointer move over it, which a still pointer never
 * makes (on a slow line the first hover would otherwise never show the tooltip).
 */
export function TooltipOnDemand({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
}) {
  const [ready, setReady] = useState<Ready | null>(null);
  const hoveredAt = useRef<number | null>(null);
  if (!ready)
    return cloneElement(children, {
      onPointerEnter: () => {
        hoveredAt.current = performance.now();
        void loadTooltip().then((TooltipFor) =>
          setReady({ TooltipFor, refocus: false, hoveredAt: hoveredAt.current }),
        );
      },
      onPointerLeave: () => {
        hoveredAt.current = null;
      },
      onFocus: (event) => {
        const trigger = event.currentTarget;
        void loadTooltip().then((TooltipFor) =>
          // only a trigger that still has the focus takes it back; the keyboard may have moved on
          setReady({
            TooltipFor,
            refocus: document.activeElement === trigger,
            hoveredAt: hoveredAt.current,
          }),
        );
      },
    });
  const { TooltipFor } = ready;
  return (
    <TooltipFor content={content} refocus={ready.refocus} hoveredAt={ready.hoveredAt}>
      {children}
    </TooltipFor>
  );
}
