import {
  useEffect,
  useLayoutEffect,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';

// A control whose code loads when it is about to be used (the shell's menus, a select:
// docs/decisions/042-overlays-on-demand.md) is drawn first as a plain stand-in trigger. These are the
// two halves of the hand-over: what the stand-in notes while the code is on its way, and how the real
// trigger takes over from it.

/** What happened at the stand-in while the real control's code was on its way. */
export type Wanted = {
  /** the stand-in had the keyboard's focus */
  refocus?: boolean;
  /** pressed with the pointer: the control opens as it mounts */
  open?: boolean;
  /** a key pressed on it: replayed on the real trigger */
  key?: string;
};

/** The real control opens as it mounts: pressed with the pointer (a key opens it when replayed). */
export const opensOnMount = (wanted: Wanted): boolean => wanted.open === true && !wanted.key;

/**
 * The stand-in's handlers. Each approach asks for the code (`want`): the mouse over it (a touch also
 * enters the trigger just before its press, which asks by itself), the keyboard's focus, a press of the
 * main button (Radix opens on the press, not on the click after it), or a key that `replays` accepts.
 */
export function standInHandlers(
  want: (wanted?: Wanted) => void,
  replays: (event: ReactKeyboardEvent<HTMLElement>) => boolean,
) {
  return {
    onPointerEnter: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.pointerType === 'mouse') want();
    },
    onFocus: () => want({ refocus: true }),
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button === 0 && !event.ctrlKey) want({ open: true });
    },
    // a click with no press before it: a screen reader's activation (a key's is stopped at keydown)
    onClick: (event: ReactMouseEvent<HTMLElement>) => {
      if (event.detail === 0) want({ open: true });
    },
    onKeyDown: (event: ReactKeyboardEvent<HTMLElement>) => {
      if (!replays(event)) return;
      event.preventDefault();
      want({ refocus: true, key: event.key });
    },
  };
}

/**
 * The real trigger takes over from the stand-in. The focus comes back in a layout effect, in the commit
 * that removed the stand-in, before a key can land on <body> (as in components/ui/tooltip-on-demand.tsx),
 * unless the person has moved on or the control opened with it. A key is replayed once the commit's
 * effects have all run: Radix learns that the keyboard is in use from a listener its own effect adds,
 * and a select's items register in theirs, so the key opens with the first item focused, and a letter
 * finds its item.
 */
export function useTakeOver(trigger: RefObject<HTMLElement | null>, wanted: Wanted) {
  useLayoutEffect(() => {
    if ((wanted.refocus || wanted.key) && !wanted.open && document.activeElement === document.body)
      trigger.current?.focus();
  }, [trigger, wanted]);
  useEffect(() => {
    const button = trigger.current;
    const key = wanted.key;
    if (!button || !key) return;
    const replay = setTimeout(() => {
      button.focus();
      button.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }, 0);
    return () => clearTimeout(replay);
  }, [trigger, wanted]);
}
