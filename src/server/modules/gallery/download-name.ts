// Issue 25: every image downloads under a name a person can read,
// `<model>-<first prompt words>-<short id>.<ext>`, made of safe characters only.

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The extension of what is actually sent: a blurred NSFW picture is a WebP, never saved as `.jpg`. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType.split(';')[0]!.trim().toLowerCase()] ?? 'bin';
}

/** Lower-case words of letters and digits joined by `-`; `ascii` also folds accents and drops the rest. */
export function slug(text: string, opts: { ascii: boolean; words: number; max: number }): string {
  let s = text.normalize('NFKD').replace(/\p{M}+/gu, '');
  s = opts.ascii ? s.replace(/[^A-Za-z0-9]+/g, ' ') : s.replace(/[^\p{L}\p{N}]+/gu, ' ');
  const words = s.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, opts.words);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if ([...next].length > opts.max) break;
    out = next;
  }
  return out;
}

export type NamedImage = {
  id: string;
  prompt: string;
  modelName: string | null;
  baseModelName: string | null;
};

/** The readable file name; `ascii` for the plain `filename=` of Content-Disposition and zip entries. */
export function downloadName(image: NamedImage, contentType: string, ascii = true): string {
  const opts = { ascii, words: 4, max: 32 };
  const model = slug(image.modelName ?? image.baseModelName ?? '', { ...opts, words: 3 }) || 'image';
  const prompt = slug(image.prompt, opts);
  const shortId = image.id.replace(/-/g, '').slice(0, 8);
  return [model, prompt, shortId].filter(Boolean).join('-') + `.${extensionFor(contentType)}`;
}

/** `attachment` with both the ASCII `filename=` and the UTF-8 `filename*=` (RFC 6266, RFC 8187). */
export function contentDisposition(asciiName: string, utf8Name = asciiName): string {
  const encoded = encodeURIComponent(utf8Name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiName.replace(/["\\]/g, '')}"; filename*=UTF-8''${encoded}`;
}
