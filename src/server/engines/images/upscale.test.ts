import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createOfflineUpscaler } from './upscale';

// Issue 25: the offline upscale is a real resampling (Lanczos3 and a light unsharp mask), not a
// stretched copy of each pixel.
describe('the offline upscaler', () => {
  it('resamples to exactly factor× and interpolates edges a nearest-pixel stretch would leave blocky', async () => {
    // a hard-edged checkerboard of 4×4 px squares
    const w = 64;
    const raw = Buffer.alloc(w * w * 3);
    for (let y = 0; y < w; y++)
      for (let x = 0; x < w; x++)
        raw.fill(((x >> 2) + (y >> 2)) % 2 ? 230 : 20, (y * w + x) * 3, (y * w + x) * 3 + 3);
    const image = await sharp(raw, { raw: { width: w, height: w, channels: 3 } })
      .png()
      .toBuffer();
    const out = await createOfflineUpscaler().upscale({ taskId: 't', image, width: w, height: w, factor: 4 });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'jpeg']);
    const levels = async (buf: Buffer) => {
      const { data } = await sharp(buf).greyscale().raw().toBuffer({ resolveWithObject: true });
      return new Set(data).size;
    };
    const stretched = await sharp(image).resize(256, 256, { kernel: 'nearest' }).png().toBuffer();
    // a stretch keeps the two greys; the resampling makes the in-between tones of a smooth edge
    expect(await levels(stretched)).toBeLessThanOrEqual(2);
    expect(await levels(out)).toBeGreaterThan(20);
  });
});
