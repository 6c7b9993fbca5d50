import type { ReactNode } from 'react';

/**
 * An image tile's buttons in its bottom-right corner: always shown on a phone, on wider screens while
 * the tile is hovered or holds the keyboard. The tile is the `group`.
 */
export function TileActions({ hidden, children }: { hidden?: boolean; children: ReactNode }) {
  return (
    <div
      hidden={hidden}
      className="absolute right-2 bottom-2 flex gap-1 opacity-100 transition-opacity sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100"
    >
      {children}
    </div>
  );
}
