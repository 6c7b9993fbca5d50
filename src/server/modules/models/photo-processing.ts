import { open } from 'node:fs/promises';
import { sharp } from '../../lib/sharp';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../../lib/errors';
import { invalidFormatMessage } from '../../../shared/schemas/models';

// Decompression-bomb guard: a 10 MB file may claim gigapixels; refuse anything above ~50 MP.
export const MAX_INPUT_PIXELS = 50_000_000;
const STORED_MAX_SIDE = 2048;
const THUMB_SIDE = 384;

export type ProcessedPhoto = {
  originalName: string;
  image: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  phash: string;
};

/** JPEG, PNG or WebP by magic bytes (the file name and the browser's type are not trusted). */
export function sniffImageType(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** 64-bit difference hash: greyscale 9×8, each bit says "left brighter than right". */
export async function dHash(input: Buffer | Sharp): Promise<string> {
  const pipeline = Buffer.isBuffer(input) ? sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }) : input;
  const px = await pipeline.greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (px[y * 9 + x] > px[y * 9 + x + 1] ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

/**
 * The colour half of the photo hash: the mean colour of each quarter (2×2, RGB, 24 hex). dHash reads
 * only brightness differences, so two plain images of different colours hashed alike (issue 23).
 */
export async function colourSignature(input: Buffer): Promise<string> {
  const px = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .removeAlpha()
    .resize(2, 2, { fit: 'fill' })
    .raw()
    .toBuffer();
  return px.subarray(0, 12).toString('hex');
}

/** The stored hash: `<dHash 16 hex>:<colour 24 hex>`; rows from before issue 23 hold the dHash alone. */
export async function photoHash(input: Buffer): Promise<string> {
  const [structure, colour] = await Promise.all([dHash(input), colourSignature(input)]);
  return `${structure}:${colour}`;
}

/** Largest difference of one colour channel in one quarter beyond which two photos are not the same. */
export const NEAR_DUPLICATE_COLOUR = 40;

/**
 * Near-duplicate: the same structure (dHash within NEAR_DUPLICATE_DISTANCE bits) and, where both
 * hashes carry one, the same colours (every quarter's channels within NEAR_DUPLICATE_COLOUR).
 */
export function isNearDuplicate(a: string, b: string): boolean {
  const [structureA, colourA] = a.split(':');
  const [structureB, colourB] = b.split(':');
  if (hamming(structureA, structureB) > NEAR_DUPLICATE_DISTANCE) return false;
  if (!colourA || !colourB || colourA.length !== colourB.length) return true;
  const ca = Buffer.from(colourA, 'hex');
  const cb = Buffer.from(colourB, 'hex');
  return ca.every((v, i) => Math.abs(v - cb[i]) <= NEAR_DUPLICATE_COLOUR);
}

export function hamming(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

export const NEAR_DUPLICATE_DISTANCE = 4;

/** The first bytes of a file, enough for sniffImageType. */
async function head(file: string): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(12);
    const { bytesRead } = await fh.read(buf, 0, 12, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Checks a photo by content, applies its EXIF orientation and re-encodes it (which drops all metadata:
 * EXIF, GPS, ICC comments), and makes a small WebP thumbnail and a perceptual hash. `input` is the
 * file's bytes or the path of a file holding them (an upload streamed to disk: libvips then reads
 * only what it decodes, and the original never sits in the JavaScript heap).
 */
export async function processPhoto(originalName: string, input: Buffer | string): Promise<ProcessedPhoto> {
  const unsupported = () =>
    new AppError(415, 'UNSUPPORTED_IMAGE', invalidFormatMessage(originalName), {
      images: invalidFormatMessage(originalName),
    });
  if (!sniffImageType(Buffer.isBuffer(input) ? input : await head(input))) throw unsupported();
  const buf = input;
  let meta: Metadata;
  try {
    meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format) || !meta.width || !meta.height)
    throw unsupported();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError(
      413,
      'IMAGE_TOO_LARGE',
      `File ${originalName} has too many pixels. Maximum is 50 megapixels.`,
    );
  }
  try {
    // Decode once, straight to the stored JPEG: oriented, bounded, flattened onto white (alpha
    // PNG/WebP), no metadata carried over. The thumbnail and the hash are read back from that JPEG
    // (shrink-on-load makes it cheap), so no raw frame of up to 12 MB ever sits in the JavaScript
    // heap waiting for a GC: 20 uploads in a row stay in bounded memory (issue 14).
    const { data: image, info } = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .removeAlpha()
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    const [thumb, phash] = await Promise.all([
      sharp(image)
        .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside' })
        .webp({ quality: 75 })
        .toBuffer(),
      photoHash(image),
    ]);
    return { originalName, image, thumb, width: info.width, height: info.height, phash };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unsupported();
  }
}
