import { useRef, useState } from 'react';
import { ImageIcon, Upload } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { uploadStyleImage } from '../api/styles-api';

type Props = { value: string; onChange: (url: string) => void; error?: string };

export function PreviewImageField({ value, onChange, error }: Props) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadStyleImage(file);
      setBroken(false);
      onChange(url);
      toast({
        variant: 'success',
        title: 'Image uploaded',
        description: 'The preview image has been uploaded.',
      });
    } catch (err) {
      // the server's own text for a refused file; otherwise "Failed to upload image" / "Invalid response from server"
      const message = errorMessage(
        err,
        err instanceof Error && err.message ? err.message : 'Failed to upload image',
      );
      toast({ variant: 'destructive', title: 'Error uploading image', description: message });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <div className="grid gap-3">
      <FormField
        id="style-preview"
        label="Preview Image URL"
        error={error}
        hint="Upload a JPEG, PNG or WebP image, or paste an image URL."
      >
        {(c) => (
          <div className="flex gap-2">
            <Input
              {...c}
              value={value}
              placeholder="https://… or upload an image"
              onChange={(e) => {
                setBroken(false);
                onChange(e.target.value);
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={uploading}
              onClick={() => fileRef.current?.click()}
            >
              {uploading ? <ButtonSpinner /> : <Upload aria-hidden="true" />}
              Upload
            </Button>
          </div>
        )}
      </FormField>
      <input
        ref={fileRef}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label="Upload preview image"
        data-testid="style-image-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <div className="flex h-40 w-40 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
        {value && !broken ? (
          <img
            src={value}
            alt="Style preview"
            className="size-full object-cover"
            onError={() => setBroken(true)}
          />
        ) : (
          <ImageIcon className="size-8 text-muted-foreground" aria-label="No preview" />
        )}
      </div>
    </div>
  );
}
