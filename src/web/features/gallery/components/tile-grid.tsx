import type { CSSProperties, ReactNode } from 'react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import type { ImagePreview } from '../hooks/use-image-preview';
import type { Selection } from '../hooks/use-selection';
import { GalleryTile } from './gallery-tile';

// the tiles a phone or a small window shows without scrolling load at once (the page's largest
// paint), the rest lazily
const PRIORITY_TILES = 2;

type Props = {
  images: GeneratedImageView[];
  label: string;
  gridStyle: CSSProperties;
  hideNsfw: boolean;
  preview: ImagePreview;
  onDownload: (image: GeneratedImageView) => void;
  onDelete?: (image: GeneratedImageView) => void;
  /** selection mode: a click chooses the picture instead of opening it */
  selection?: Selection;
  /** after the tiles (the placeholders of a page being loaded) */
  children?: ReactNode;
};

/** The gallery's and the album's grid of tiles; a tile opens the viewer or the details. */
export function TileGrid({
  images,
  label,
  gridStyle,
  hideNsfw,
  preview,
  onDownload,
  onDelete,
  selection,
  children,
}: Props) {
  return (
    <ul className="grid" style={gridStyle} aria-label={label}>
      {images.map((img, i) => (
        <GalleryTile
          key={img.id}
          image={img}
          priority={i < PRIORITY_TILES}
          hideNsfw={hideNsfw}
          onOpen={() => preview.open(img.id)}
          onDownload={() => onDownload(img)}
          onDetails={() => preview.setDetails(img)}
          onDelete={onDelete ? () => onDelete(img) : undefined}
          selection={
            selection?.selecting
              ? { selected: selection.selected.has(img.id), onToggle: () => selection.toggle(img.id) }
              : undefined
          }
        />
      ))}
      {children}
    </ul>
  );
}
