import { useRef } from 'react';

/**
 * For a Radix dialog opened from a button that is not its trigger (a tile, a row): remembers what had
 * the keyboard as the dialog opened and gives the keyboard back to it as the dialog closes. Spread the
 * result on the dialog's Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (e: Event) => {
      if (opener.current?.isConnected) {
        e.preventDefault();
        opener.current.focus();
      }
      opener.current = null;
    },
  };
}
