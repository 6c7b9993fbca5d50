import { Download, X } from 'lucide-react';
import { MAX_ZIP_IMAGES } from '@shared/constants';
import { Button } from '@web/components/ui/button';

type Props = {
  count: number;
  /** how many images are loaded (what "Select all" selects) */
  loaded: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDownload: () => void;
  onDone: () => void;
};

/** The gallery's selection mode (issue 25): how many are chosen, and the zip download of them. */
export function SelectionBar({ count, loaded, onSelectAll, onClear, onDownload, onDone }: Props) {
  const tooMany = count > MAX_ZIP_IMAGES;
  return (
    <div
      role="toolbar"
      aria-label="Selected images"
      className="sticky top-2 z-10 mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-2 text-card-foreground shadow-sm"
    >
      <p className="mr-auto text-sm" aria-live="polite">
        {count} selected{tooMany ? ` (at most ${MAX_ZIP_IMAGES} per zip)` : ''}
      </p>
      <Button type="button" variant="ghost" size="sm" onClick={onSelectAll} disabled={count >= loaded}>
        Select all
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={onClear} disabled={count === 0}>
        Clear
      </Button>
      <Button type="button" size="sm" onClick={onDownload} disabled={count === 0 || tooMany}>
        <Download /> Download zip
      </Button>
      <Button type="button" variant="outline" size="icon-sm" onClick={onDone} aria-label="Done selecting">
        <X />
      </Button>
    </div>
  );
}
