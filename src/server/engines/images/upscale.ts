import { sharp } from '../../lib/sharp';

/**
 * The longest a vendor upscale may take before the step gives up on it (it stays adoptable by the
 * next attempt, like a render: engines/images/images.ts).
 */
export const UPSCALE_TIMEOUT_MS = 3 * 60_000;

export type UpscaleRequest = {
  /** our id for the vendor task, derived from the upscale and the attempt */
  taskId: string;
  /** tasks earlier attempts may have submitted: a finished one is used instead of paying again */
  adoptable?: string[];
  /** the original as stored (JPEG) */
  image: Buffer;
  width: number;
  height: number;
  factor: 2 | 4;
};

export interface Upscaler {
  readonly name: 'offline' | 'runware' | 'comfyui';
  /** The picture `factor` times larger, in any format sharp reads. */
  upscale(req: UpscaleRequest): Promise<Buffer>;
}

/**
 * Offline: a real resampling, not a stretched copy. Lanczos3 interpolates each new pixel from a
 * 6×6 neighbourhood (sharper than bilinear, no blocky nearest-neighbour steps); a light unsharp mask
 * afterwards restores the edge contrast that any interpolation softens.
 */
export function createOfflineUpscaler(): Upscaler {
  return {
    name: 'offline',
    async upscale(req) {
      return sharp(req.image)
        .rotate()
        .resize(req.width * req.factor, req.height * req.factor, { kernel: 'lanczos3', fit: 'fill' })
        .sharpen({ sigma: 0.8, m1: 0.6, m2: 1.2 })
        .jpeg({ quality: 92 })
        .toBuffer();
    },
  };
}
