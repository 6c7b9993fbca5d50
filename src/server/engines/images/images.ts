import type { LoraEntry } from '../../db/schema/catalog';

/** The JSON the offline trainer writes at models.artifactKey (crops are already loaded as buffers). */
export type ModelArtifact = {
  version: 1;
  palette: string[];
  crops: Buffer[];
  triggerWord: string;
  /** the model's best face crop (decision 022): drawn as the subject's face when present */
  bestFace?: Buffer | null;
};

/**
 * The longest a vendor render may take before the step gives up on it (it stays adoptable by the
 * next attempt). The generation job's lease is derived from it, so a render is never started twice.
 */
export const RENDER_TIMEOUT_MS = 3 * 60_000;
/** One request to a render vendor (submit or poll). */
export const RENDER_REQUEST_TIMEOUT_MS = 30_000;

export type RenderRequest = {
  /** our id for the vendor task (Runware taskUUID), derived from the generation, step and attempt */
  taskId: string;
  /**
   * Tasks earlier attempts of this job may have submitted (a worker that died mid-render): if the
   * vendor knows one, its result is used instead of rendering (and paying) again. `skip` is how many
   * of its images are already stored.
   */
  adoptable?: { taskId: string; skip: number }[];
  prompt: string;
  negativePrompt: string;
  width: number;
  height: number;
  count: number;
  /** seed of the first image; image i uses seed + i */
  seed: number;
  baseModel: { id: string; name: string; air: string };
  style: {
    id: string;
    name: string;
    prompt: string;
    negativePrompt: string;
    isNsfw: boolean;
    loras: LoraEntry[];
  } | null;
  personalModel: {
    id: string;
    name: string;
    triggerWord: string;
    promptModifier: string;
    airName: string | null;
    weight: number;
    artifact: ModelArtifact | null;
  } | null;
};

/** One delivered picture, already downloaded (vendor URLs expire): any format sharp can read. */
export type RenderedImage = { data: Buffer; isNsfw: boolean; seed: number; vendorId?: string };

export interface ImageEngine {
  readonly name: 'offline' | 'runware' | 'comfyui';
  /** Renders up to `count` images; fewer means some were not delivered (they are refunded). */
  render(req: RenderRequest): Promise<RenderedImage[]>;
}

/** The prompt a vendor receives: trigger word and modifier of the personal model, the user's words, the style. */
export function composePrompt(req: Pick<RenderRequest, 'prompt' | 'style' | 'personalModel'>): string {
  const parts: string[] = [];
  const pm = req.personalModel;
  if (pm) {
    const lead = [pm.triggerWord, pm.promptModifier]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' ');
    if (lead) parts.push(lead);
  }
  parts.push(req.prompt.trim());
  if (req.style) {
    if (req.style.prompt.trim()) parts.push(req.style.prompt.trim());
    for (const l of req.style.loras) if (l.triggerWord?.trim()) parts.push(l.triggerWord.trim());
  }
  return parts.join(', ').slice(0, 3000);
}
