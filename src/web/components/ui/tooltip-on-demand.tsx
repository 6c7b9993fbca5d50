import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

// Radix Tooltip comes with the `dialogs` chunk (~47 KiB gzip); a page with one tooltip, such as the
// footer's offline note on /login, loads it only once the pointer or the keyboard reaches the trigger
// (issue 23).
const TooltipFor = lazy(() => import('./tooltip').then((m) => ({ default: m.TooltipFor })));

type TriggerProps = {
  onPointerEnter?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/** `children`: the trigger (a button), drawn as is until the tooltip is wanted. */
export function TooltipOnDemand({
  content,
  children,
}: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
}) {
  const [wanted, setWanted] = useState<null | { focus: boolean }>(null);
  if (!wanted)
    return cloneElement(children, {
      onPointerEnter: () => setWanted({ focus: false }),
      onFocus: () => setWanted({ focus: true }),
    });
  return (
    <Suspense fallback={children}>
      <TooltipFor content={content} refocus={wanted.focus}>
        {children}
      </TooltipFor>
    </Suspense>
  );
}
