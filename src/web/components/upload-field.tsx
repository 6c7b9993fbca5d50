import { useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { ImagePlus, Upload } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import type { FieldControlProps } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { cn } from '@web/lib/cn';

/** One check on a chosen file, and what the toast says when the file fails it. */
export type FileRule = {
  ok: (file: File) => boolean;
  title: string;
  description: (file: File) => string;
};

/** Whether the file passes every rule; the first rule it fails is said in a toast. */
export function checkFile(file: File, rules: readonly FileRule[]): boolean {
  const failed = rules.find((rule) => !rule.ok(file));
  if (failed) toast({ variant: 'destructive', title: failed.title, description: failed.description(file) });
  return !failed;
}

type FileInputProps = {
  ref?: Ref<HTMLInputElement>;
  accept: string;
  /** the input's name for screen readers and tests */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  id?: string;
  'data-testid'?: string;
  /** the chosen files; the input is emptied afterwards, so choosing the same file again is seen */
  onFiles: (files: File[]) => void;
};

/**
 * The hidden file input behind an upload button or drop zone: out of the tab order (the visible
 * control opens it), beside that control rather than in it, so its click does not bubble back.
 */
export function FileInput({ ref, accept, label, multiple, disabled, id, onFiles, ...rest }: FileInputProps) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      multiple={multiple}
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      data-testid={rest['data-testid']}
      disabled={disabled}
      onChange={(e) => {
        onFiles([...(e.target.files ?? [])]);
        e.target.value = '';
      }}
    />
  );
}

type DropZoneProps = {
  ref?: Ref<HTMLDivElement>;
  /** opens the file chooser (the FileInput's click) */
  onBrowse: () => void;
  onFiles: (files: File[]) => void;
  hint: ReactNode;
  disabled?: boolean;
  title?: string;
};

/** A drop zone that is also a button (Enter or Space browses): drag files on it or click to choose. */
export function DropZone({
  ref,
  onBrowse,
  onFiles,
  hint,
  disabled,
  title = 'Drag and drop images here, or click to browse',
}: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) onFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      ref={ref}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      onClick={() => !disabled && onBrowse()}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !disabled) {
          e.preventDefault();
          onBrowse();
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
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}

type ImageUrlInputProps = FieldControlProps & {
  value: string;
  onValueChange: (url: string) => void;
  placeholder?: string;
  /** the chosen file is on its way: the button waits */
  uploading: boolean;
  onFile: (file: File) => void;
  /** the hidden file input's name for screen readers and tests */
  fileLabel: string;
  fileTestId?: string;
};

/**
 * An image's address, typed or pasted, or filled in by uploading a picture with the Upload button
 * beside it. The control of a FormField (`control` wires its label, hint and error).
 */
export function ImageUrlInput({
  value,
  onValueChange,
  placeholder,
  uploading,
  onFile,
  fileLabel,
  fileTestId,
  ...control
}: ImageUrlInputProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex gap-2">
      <Input
        {...control}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onValueChange(e.target.value)}
      />
      <Button type="button" variant="outline" pending={uploading} onClick={() => fileRef.current?.click()}>
        {uploading ? null : <Upload aria-hidden="true" />}
        Upload
      </Button>
      <FileInput
        ref={fileRef}
        accept="image/jpeg,image/png,image/webp"
        label={fileLabel}
        data-testid={fileTestId}
        onFiles={([file]) => {
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
