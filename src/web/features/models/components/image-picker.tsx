import { useEffect, useMemo, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { MAX_PHOTO_BYTES } from '@shared/constants';
import {
  ACCEPTED_IMAGE_TYPES,
  fileTooLargeMessage,
  invalidFormatMessage,
  TOO_MANY_IMAGES,
} from '@shared/schemas/models';
import { checkFile, DropZone, FileInput, type FileRule } from '@web/components/upload-field';
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

// docs/product/decisions.md §7: 10 MB, JPG/PNG/WebP
const PHOTO_RULES: FileRule[] = [
  {
    ok: (file) => (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type),
    title: 'Invalid file',
    description: (file) => invalidFormatMessage(file.name),
  },
  {
    ok: (file) => file.size <= MAX_PHOTO_BYTES,
    title: 'File too large',
    description: (file) => fileTooLargeMessage(file.name),
  },
];

/** Checks each file and keeps the first that fit under `max`. */
export function acceptFiles(current: File[], incoming: File[], max: number): File[] {
  const valid = incoming.filter((file) => checkFile(file, PHOTO_RULES));
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
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const add = (chosen: File[]) => {
    if (disabled) return;
    onChange(acceptFiles(files, chosen, max));
  };

  return (
    <div className="space-y-4">
      <DropZone
        ref={zone}
        onBrowse={() => input.current?.click()}
        onFiles={add}
        hint={hint}
        disabled={disabled}
      />
      <FileInput
        ref={input}
        multiple
        accept="image/jpeg,image/png,image/webp"
        label="Images"
        data-testid="image-input"
        disabled={disabled}
        onFiles={add}
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
