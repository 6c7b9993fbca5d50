import { toast } from '@web/components/ui/use-toast';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * The name with the extension of what was actually served: with NSFW content off the server sends a
 * blurred WebP for an NSFW image, which must not be saved as `.jpg`.
 */
export function nameForType(filename: string, contentType: string | null | undefined): string {
  const ext = EXTENSIONS[(contentType ?? '').split(';')[0].trim().toLowerCase()];
  if (!ext) return filename;
  const dot = filename.lastIndexOf('.');
  return `${dot > 0 ? filename.slice(0, dot) : filename}.${ext}`;
}

/** The name a Content-Disposition gives: `filename*=` (UTF-8) first, else `filename=`. */
export function dispositionName(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a broken encoding: the plain name */
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/**
 * Saves a (session-protected) file: fetched with the cookie, then a blob link, under the server's
 * name (Content-Disposition) when it gives one, else `filename`.
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  const named = dispositionName(res.headers.get('content-disposition')) ?? filename;
  a.download = nameForType(named, res.headers.get('content-type') || blob.type);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Spec part 2 §2: aspect ratio reduced by the greatest common divisor, 1:1 when unknown. */
export function aspectRatio(width: number | null | undefined, height: number | null | undefined): string {
  if (!width || !height || width <= 0 || height <= 0) return '1:1';
  const g = gcd(Math.round(width), Math.round(height)) || 1;
  return `${Math.round(width) / g}:${Math.round(height) / g}`;
}

/** Spec part 2 §9: HD when the longest side is at least 1024 px. */
export function isHd(width: number | null | undefined, height: number | null | undefined): boolean {
  return Math.max(width ?? 0, height ?? 0) >= 1024;
}

/** Saves an image under `filename`; a failure is said in a toast (the image stays on screen). */
export function saveImage(url: string, filename: string): Promise<void> {
  return downloadFile(url, filename).catch(() => {
    toast({ variant: 'destructive', title: 'Download failed', description: 'Failed to download the image' });
  });
}
