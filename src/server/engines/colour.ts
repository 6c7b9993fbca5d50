// Colour helpers shared by the offline engines (the trainer's palette, the vision engine's analysis).

export type ColourBucket = { n: number; r: number; g: number; b: number };

/**
 * Adds raw RGB pixels to a histogram of `bits`-per-channel buckets, each keeping its pixel count and
 * channel sums (so the bucket's average colour is r/n, g/n, b/n). Pass the same map to pool images.
 */
export function addToColourBuckets(buckets: Map<number, ColourBucket>, rgb: Buffer, bits: number) {
  const shift = 8 - bits;
  for (let i = 0; i + 2 < rgb.length; i += 3) {
    const key = ((rgb[i] >> shift) << (2 * bits)) | ((rgb[i + 1] >> shift) << bits) | (rgb[i + 2] >> shift);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n++;
    bucket.r += rgb[i];
    bucket.g += rgb[i + 1];
    bucket.b += rgb[i + 2];
    buckets.set(key, bucket);
  }
  return buckets;
}

/** `#rrggbb`, each channel rounded and clamped to 0–255. */
export const hexColour = (r: number, g: number, b: number) =>
  `#${[r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
