import { cloneElement, useState, type FocusEvent, type ReactElement, type ReactNode } from 'react';

// Radix Tooltip comes with the `dialogs` chunk (~47 KiB gzip); a page with one tooltip, such as the
// footer's offline note on /login, loads it only once the pointer or the keyboard reaches the trigger
// (issue 23).
type TooltipForComponent = (typeof import('./tooltip'))['TooltipFor'];
let loaded: TooltipForComponent | null = null;
const loadTooltip = async () => (loaded ??= (await import('./tooltip')).TooltipFor);

type TriggerProps = {
  onPointerEnter?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * `children`: the trigger (a button), drawn as is until the tooltip is wanted. The plain trigger stays
 * in place, focused, while the chunk loads: a Suspense fallback would draw it again elsewhere in the
 * tree and drop the keyboard's focus to <body> until the chunk came, so a Tab pressed meanwhile would
 * start again from the top of the page. The swap itself happens in one commit, and TooltipFor gives
 * the focus back in a layout effect of that same commit, before any key can land in between.
 */
export function TooltipOnDemand({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
}) {
  const [ready, setReady] = useState<null | { TooltipFor: TooltipForComponent; refocus: boolean }>(null);
  if (!ready)
    return cloneElement(children, {
      onPointerEnter: () => void loadTooltip().then((TooltipFor) => setReady({ TooltipFor, refocus: false })),
      onFocus: (event) => {
        const trigger = event.currentTarget;
        void loadTooltip().then((TooltipFor) =>
          // only a trigger that still has the focus takes it back; the keyboard may have moved on
          setReady({ TooltipFor, refocus: document.activeElement === trigger }),
        );
      },
    });
  const { TooltipFor } = ready;
  return (
    <TooltipFor content={content} refocus={ready.refocus}>
      {children}
    </TooltipFor>
  );
}
