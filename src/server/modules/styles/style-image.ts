import { randomUUID } from 'node:crypto';
import { sharp } from '../../lib/sharp';
import { AppError } from '../../lib/errors';
import { PUBLIC_PREFIX, stylePreviewKey } from '../../storage/keys';

export const STYLE_IMAGE_MAX_SIDE = 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
export const UNSUPPORTED_IMAGE = 'Please upload a JPEG, PNG or WebP image.';

/**
 * Checks an uploaded preview by its content (not its name or declared type), then re-encodes it:
 * EXIF orientation applied, metadata (GPS, camera, …) dropped, longest side at most 1024 px, WebP.
 */
export async function processStyleImage(input: Buffer): Promise<{ key: string; data: Buffer }> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: 40_000_000 }).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError(415, 'UNSUPPORTED_IMAGE', UNSUPPORTED_IMAGE);
  let data: Buffer;
  try {
    data = await sharp(input, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({
        width: STYLE_IMAGE_MAX_SIDE,
        height: STYLE_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // the header looked like an image but the pixels do not decode (truncated or corrupt)
    throw new AppError(415, 'UNSUPPORTED_IMAGE', UNSUPPORTED_IMAGE);
  }
  return { key: stylePreviewKey(randomUUID()), data };
}

/** The storage key behind a preview URL this server handed out, or null for outside URLs. */
export function storedPreviewKey(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/files/public/')) return url.slice('/files/'.length);
  if (url.startsWith(PUBLIC_PREFIX)) return url;
  return null;
}
