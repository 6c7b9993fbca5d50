import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { MAX_PHOTO_BYTES } from '@shared/constants';
import {
  ACCEPTED_IMAGE_TYPES,
  fileTooLargeMessage,
  invalidFormatMessage,
  TOO_MANY_IMAGES,
} from '@shared/schemas/models';
import { cn } from '@web/lib/cn';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';

type ImagePickerProps = {
  files: File[];
  onChange: (files: File[]) => void;
  /** how many more images may be chosen */
  max: number;
  hint: string;
  disabled?: boolean;
};

/** Checks each file (docs/product/decisions.md §7: 10 MB, JPG/PNG/WebP) and keeps the first that fit under `max`. */
export function acceptFiles(current: File[], incoming: File[], max: number): File[] {
  const valid: File[] = [];
  for (const file of incoming) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      toast({ variant: 'destructive', title: 'Invalid file', description: invalidFormatMessage(file.name) });
    } else if (file.size > MAX_PHOTO_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: fileTooLargeMessage(file.name) });
    } else {
      valid.push(file);
    }
  }
  const room = Math.max(0, max - current.length);
  if (valid.length > room)
    toast({ variant: 'destructive', title: 'Too many images', description: TOO_MANY_IMAGES });
  return [...current, ...valid.slice(0, room)];
}

export function ImagePicker({ files, onChange, max, hint, disabled }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // After a removal the pressed button is gone: focus its neighbour, else the drop zone.
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  useEffect(() => {
    if (focusAfterRemove === null) return;
    setFocusAfterRemove(null);
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = buttons[Math.min(focusAfterRemove, buttons.length - 1)];
    (next ?? zone.current)?.focus();
  }, [focusAfterRemove]);
  const [dragging, setDragging] = useState(false);
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const add = (list: FileList | null) => {
    if (!list || disabled) return;
    onChange(acceptFiles(files, [...list], max));
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  return (
    <div className="space-y-4">
      <div
        ref={zone}
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(e) => {
          if ((e.key === 'Enter' || e.key === ' ') && !disabled) {
            e.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border px-6 py-10 text-center transition-colors outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring',
          dragging && 'border-primary bg-primary/5',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-8 text-muted-foreground" />
        {/* WCAG 2.5.3: the button is named by its visible text (with the hint), not by a label of its own */}
        <p className="font-medium">Drag and drop images here, or click to browse</p>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      {/* Beside the drop zone, not in it: a control inside a role="button" is lost to screen readers,
          and its click would bubble back into the zone's own click handler. */}
      <input
        ref={input}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label="Images"
        data-testid="image-input"
        disabled={disabled}
        onChange={(e) => {
          add(e.target.files);
          e.target.value = '';
        }}
      />
      {files.length > 0 ? (
        <ul
          ref={list}
          className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5"
          aria-label="Selected images"
        >
          {files.map((file, i) => (
            <li
              key={`${file.name}-${i}`}
              className="group relative aspect-square overflow-hidden rounded-lg border border-border bg-muted"
            >
              <img src={previews[i]} alt={file.name} className="size-full object-cover" />
              <Button
                type="button"
                size="icon-sm"
                variant="secondary"
                className="absolute top-1 right-1 rounded-full opacity-90"
                aria-label={`Remove ${file.name}`}
                disabled={disabled}
                onClick={() => {
                  onChange(files.filter((_, j) => j !== i));
                  setFocusAfterRemove(i);
                }}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
