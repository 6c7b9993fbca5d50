import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { imagesApi } from '@shared/api/images';
import { MAX_ZIP_IMAGES } from '@shared/constants';
import { apiQuery, call, keyOf } from '@web/lib/api-client';
import { buildQueryPath } from '@web/lib/api';
import { generatedImageKeys } from '@web/lib/query-keys';
import { toast } from '@web/components/ui/use-toast';
import { saveImage } from '@web/components/generated-image/download';

// Issue 25: downloads and upscales from the gallery (docs/decisions/037-downloads-and-upscale.md).

/** The full-resolution download of one image; the server names it (Content-Disposition). */
export const downloadUrl = (id: string) => buildQueryPath(keyOf(imagesApi.download, { params: { id } }));

/** Saves one image at full resolution under the server's readable name. */
export const downloadImage = (img: { id: string }) =>
  void saveImage(downloadUrl(img.id), `lora-studio-image-${img.id}.jpg`);

export type ZipChoice = { ids: string[] } | { generationId: string } | { packBatchId: string };

const FRAME = 'lora-studio-zip-download';

/**
 * Starts a zip download as a plain form POST into a hidden frame: the browser writes the streamed zip
 * straight to disk (nothing held in the page), the session cookie rides along and the request comes
 * from our own origin (http/csrf.ts). A refusal (too many, rate-limited) loads into the frame instead
 * of downloading: its message is shown.
 */
export function startZipDownload(choice: ZipChoice, doc: Document = document) {
  if ('ids' in choice && choice.ids.length > MAX_ZIP_IMAGES) {
    toast({
      variant: 'destructive',
      title: 'Too many images',
      description: `A zip holds at most ${MAX_ZIP_IMAGES} images.`,
    });
    return;
  }
  let frame = doc.querySelector<HTMLIFrameElement>(`iframe[name="${FRAME}"]`);
  if (!frame) {
    frame = doc.createElement('iframe');
    frame.name = FRAME;
    frame.title = 'Zip download';
    frame.hidden = true;
    frame.addEventListener('load', () => {
      // only a refusal loads here (a download never does): say what the server said
      let text = '';
      try {
        text = frame!.contentDocument?.body?.textContent ?? '';
      } catch {
        return;
      }
      if (!text.trim()) return;
      let message = 'The zip could not be made. Please try again.';
      try {
        const body = JSON.parse(text) as { error?: unknown };
        if (typeof body.error === 'string') message = body.error;
      } catch {
        /* not JSON: the plain message */
      }
      toast({ variant: 'destructive', title: 'Download failed', description: message });
    });
    doc.body.appendChild(frame);
  }
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = imagesApi.zip.path;
  form.target = FRAME;
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = 'payload';
  field.value = JSON.stringify(choice);
  form.appendChild(field);
  doc.body.appendChild(form);
  form.submit();
  form.remove();
}

/** The admin-set price of each upscale factor. */
export function useUpscalePrices() {
  return useQuery({ ...apiQuery(imagesApi.upscalePrices), staleTime: 60_000 });
}

/** One image with the upscales made of it (the details' links). */
export function useImageLinks(id: string | null) {
  return useQuery({
    ...apiQuery(imagesApi.image, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useUpscale() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, factor }: { id: string; factor: 2 | 4 }) =>
      call(imagesApi.upscale, { params: { id }, body: { factor } }),
    meta: { errorTitle: 'Upscale failed', errorFallback: 'The image could not be upscaled.' },
    onSettled: () => qc.invalidateQueries({ queryKey: generatedImageKeys.all }),
  });
}
