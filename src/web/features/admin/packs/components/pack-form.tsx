import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { ACCEPTED_IMAGE_TYPES, fileTooLargeMessage, invalidFormatMessage } from '@shared/schemas/models';
import { MAX_PHOTO_BYTES, MAX_PHOTO_MB } from '@shared/constants';
import type { AdminPack } from '@shared/schemas/packs';
import { ImageUrlInput } from '@web/components/upload-field';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { OptionSelect } from '@web/components/ui/select';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { SwitchField } from '@web/components/ui/switch';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage, isApiError } from '@web/lib/api';
import { uploadPackCover, usePackStyles, useSavePack } from '../api/admin-packs-api';
import { bodyOf, draftOf } from './pack-draft';
import { PromptListEditor } from './prompt-list-editor';

const PRICE_MODES = [
  { value: 'sum' as const, label: "Sum of the images' costs" },
  { value: 'discounted' as const, label: 'Discounted total' },
];

/** Creates or edits a pack; the server's messages land beside their fields. */
export function PackForm({ pack, onDone }: { pack: AdminPack | null; onDone: () => void }) {
  const [d, setD] = useState(() => draftOf(pack));
  const styles = usePackStyles();
  const save = useSavePack();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fields = isApiError(save.error) ? (save.error.fields ?? {}) : {};

  async function onFile(file: File) {
    // the server checks the content again; these spare a refused upload its wait
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setUploadError(invalidFormatMessage(file.name));
    if (file.size > MAX_PHOTO_BYTES) return setUploadError(fileTooLargeMessage(file.name));
    setUploading(true);
    setUploadError(null);
    try {
      const coverUrl = await uploadPackCover(file);
      setD((x) => ({ ...x, coverUrl }));
    } catch (err) {
      setUploadError(errorMessage(err, 'Failed to upload image'));
    } finally {
      setUploading(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ id: pack?.id ?? null, body: bodyOf(d) }, { onSuccess: onDone });
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-5"
      noValidate
      aria-label={pack ? `Edit ${pack.name}` : 'New pack'}
    >
      {save.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(save.error, 'The pack could not be saved.')}</AlertDescription>
        </Alert>
      ) : null}
      <FormField id="pack-name" label="Name" error={fields.name}>
        {(c) => <Input {...c} value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />}
      </FormField>
      <FormField id="pack-description" label="Description" error={fields.description}>
        {(c) => (
          <Textarea
            {...c}
            value={d.description}
            onChange={(e) => setD({ ...d, description: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        id="pack-cover"
        label="Cover image"
        error={uploadError ?? fields.coverUrl}
        hint={`Upload a JPEG, PNG or WebP image of up to ${MAX_PHOTO_MB} MB, or paste an https:// URL.`}
      >
        {(c) => (
          <ImageUrlInput
            {...c}
            value={d.coverUrl}
            onValueChange={(coverUrl) => setD({ ...d, coverUrl })}
            uploading={uploading}
            onFile={(file) => void onFile(file)}
            fileLabel="Upload cover image"
          />
        )}
      </FormField>
      {d.coverUrl ? (
        <div className="flex flex-wrap items-end gap-3">
          <img
            src={d.coverUrl}
            alt="Cover preview"
            className="aspect-[4/3] w-44 rounded-md bg-muted object-cover"
          />
          <Button type="button" variant="outline" onClick={() => setD({ ...d, coverUrl: '' })}>
            <Trash2 aria-hidden="true" /> Remove cover
          </Button>
        </div>
      ) : pack?.samples?.length ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            Without a cover, users see these sample pictures the offline engine drew of the pack&apos;s
            styles.
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Sample pictures">
            {pack.samples.map((sample) => (
              <li key={sample.url}>
                <img
                  src={sample.url}
                  alt={`Sample: ${sample.prompt}${sample.style ? ` (${sample.style} style)` : ''}`}
                  loading="lazy"
                  className="aspect-[4/3] w-28 rounded-md bg-muted object-cover"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="pack-price-mode">Price</Label>
          <OptionSelect
            id="pack-price-mode"
            value={d.priceMode}
            onValueChange={(v) => setD({ ...d, priceMode: v })}
            options={PRICE_MODES}
          />
        </div>
        {d.priceMode === 'discounted' ? (
          <FormField id="pack-discount" label="Total price (tokens)" error={fields.discountPrice}>
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                value={d.discountPrice}
                onChange={(e) => setD({ ...d, discountPrice: e.target.value })}
              />
            )}
          </FormField>
        ) : null}
      </div>
      <SwitchField
        id="pack-active"
        label="Active (users can buy it)"
        checked={d.isActive}
        onCheckedChange={(v) => setD({ ...d, isActive: v })}
      />
      {fields.prompts ? <p className="text-sm font-medium text-destructive-text">{fields.prompts}</p> : null}
      <PromptListEditor
        prompts={d.prompts}
        onChange={(prompts) => setD({ ...d, prompts })}
        styles={styles.data ?? []}
        errors={fields}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <ButtonSpinner /> : null}
          {pack ? 'Save pack' : 'Create pack'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
