import { useState } from 'react';
import { ImageIcon } from 'lucide-react';
import { ImageUrlInput } from '@web/components/upload-field';
import { FormField } from '@web/components/ui/form-field';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { uploadStyleImage } from '../api/styles-api';

type Props = { value: string; onChange: (url: string) => void; error?: string };

export function PreviewImageField({ value, onChange, error }: Props) {
  const [uploading, setUploading] = useState(false);
  const [broken, setBroken] = useState(false);

  async function onFile(file: File) {
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
          <ImageUrlInput
            {...c}
            value={value}
            placeholder="https://… or upload an image"
            onValueChange={(url) => {
              setBroken(false);
              onChange(url);
            }}
            uploading={uploading}
            onFile={(file) => void onFile(file)}
            fileLabel="Upload preview image"
            fileTestId="style-image-input"
          />
        )}
      </FormField>
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
