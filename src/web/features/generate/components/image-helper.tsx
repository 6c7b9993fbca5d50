import { memo, useEffect, useRef, useState } from 'react';
import { ImagePlus, Loader2, Wand2, X } from 'lucide-react';
import { MAX_PHOTO_BYTES, MAX_PHOTO_MB } from '@shared/constants';
import type { AnalyzeImageResponse } from '@shared/schemas/generation';
import { GENERATE_TEXTS } from '@shared/generation-texts';
import { errorMessage } from '@web/lib/api';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { checkFile, FileInput, type FileRule } from '@web/components/upload-field';
import { useAnalyzeImage } from '../api/generate-api';

type Props = { onApply: (prompt: string) => void };

const HELPER_RULES: FileRule[] = [
  {
    ok: (file) => file.type.startsWith('image/'),
    title: GENERATE_TEXTS.invalidFileType[0],
    description: () => GENERATE_TEXTS.invalidFileType[1],
  },
  // the server refuses larger uploads (413) before analysing; say why instead of "Analysis failed"
  {
    ok: (file) => file.size <= MAX_PHOTO_BYTES,
    title: 'File too large',
    description: () => `Please select an image of at most ${MAX_PHOTO_MB} MB.`,
  },
];

/**
 * The server's own reason (a file it cannot read, too many pixels, a rate limit): "try again" only where
 * trying again can help (a failed analysis, a lost connection), not for a file that can never work.
 */
function failureText(error: unknown) {
  return errorMessage(error, 'There was an error analyzing your image. Please try again.');
}

/** Image → prompt: upload, preview, analyzing, result (docs/product/spec-part-2.md §2 "Image helper"). */
export const ImageHelper = memo(function ImageHelper({ onApply }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<AnalyzeImageResponse | null>(null);
  const analyze = useAnalyzeImage();

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const clear = () => {
    setPreview(null);
    setResult(null);
    analyze.reset();
    if (input.current) input.current.value = '';
  };

  const onFile = (file: File | undefined) => {
    if (!file || !checkFile(file, HELPER_RULES)) return;
    setResult(null);
    setPreview(URL.createObjectURL(file));
    analyze.mutate(file, {
      onSuccess: (out) => {
        setResult(out);
        toast({
          title: 'Image analysis complete',
          description: 'Insert the suggested prompt or keep writing your own.',
        });
      },
    });
  };

  return (
    <div className="rounded-lg border border-dashed border-border p-3">
      <FileInput
        ref={input}
        id="image-helper-file"
        accept="image/*"
        onFiles={(files) => onFile(files[0])}
        label="Upload a picture to describe"
      />
      {!preview ? (
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            Upload a picture and get a prompt that describes it.
          </p>
          <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
            <ImagePlus /> Upload image
          </Button>
        </div>
      ) : (
        <div className="flex gap-3">
          <img src={preview} alt="Uploaded picture" className="size-20 shrink-0 rounded-md object-cover" />
          <div className="min-w-0 flex-1 space-y-2">
            {analyze.isPending ? (
              <p className="flex items-center gap-2 text-sm" role="status">
                <Loader2 className="size-4 animate-spin" /> Analyzing image...
              </p>
            ) : result ? (
              <>
                <p className="text-sm">{result.formattedPrompt}</p>
                {result.structuredAnalysis.palette.length > 0 ? (
                  <ul className="flex flex-wrap gap-1" aria-label="Colour palette">
                    {result.structuredAnalysis.palette.map((p) => (
                      <li
                        key={p.hex}
                        className="flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs"
                      >
                        <span
                          className="size-3 rounded-full border border-border"
                          style={{ background: p.hex }}
                          aria-hidden
                        />
                        {p.name}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <Button
                  type="button"
                  size="sm"
                  onClick={() => {
                    onApply(result.formattedPrompt);
                    toast({ title: 'Prompt applied' });
                  }}
                >
                  <Wand2 /> Insert into prompt
                </Button>
              </>
            ) : analyze.isError ? (
              <p className="text-sm text-destructive-text">{failureText(analyze.error)}</p>
            ) : null}
          </div>
          <Button type="button" variant="ghost" size="icon-sm" onClick={clear} aria-label="Remove picture">
            <X />
          </Button>
        </div>
      )}
    </div>
  );
});
