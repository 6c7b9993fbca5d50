import type { GeneratedImageView } from '../../../shared/schemas/generation';
import { fileUrl } from '../../lib/file-url';
import type { ImageWithNames } from './gallery.repository';
import { generatedImageKeys } from '../../storage/keys';

export type Viewer = { id: string; isAdmin: boolean; enableNsfw: boolean };

/**
 * docs/product/decisions.md §23: a viewer without NSFW enabled gets only the blurred picture of an NSFW image (grid,
 * preview and download alike), so there is nothing to reveal. Admins moderate and see originals.
 */
/** The key a viewer is served for an image: the blurred WebP of an NSFW image with NSFW off (§23). */
export function servedKey(
  row: Pick<ImageWithNames, 'isNsfw' | 'userId' | 'id' | 'storageKey'>,
  viewer: Viewer,
) {
  const hidden = row.isNsfw && !viewer.enableNsfw && !viewer.isAdmin;
  return hidden ? generatedImageKeys(row.userId, row.id).blurred : row.storageKey;
}

export function toImageView(
  row: ImageWithNames,
  viewer: Viewer,
  opts: { withOwner?: boolean } = {},
): GeneratedImageView {
  const hidden = row.isNsfw && !viewer.enableNsfw && !viewer.isAdmin;
  const keys = generatedImageKeys(row.userId, row.id);
  const thumb = row.thumbKey ?? row.storageKey;
  const view: GeneratedImageView = {
    id: row.id,
    imageUrl: fileUrl(hidden ? keys.blurred : row.storageKey)!,
    thumbnailUrl: fileUrl(hidden ? keys.blurred : thumb)!,
    width: row.width,
    height: row.height,
    prompt: row.prompt,
    negativePrompt: row.negativePrompt,
    tokensUsed: row.tokensUsed,
    isNSFW: row.isNsfw,
    createdAt: row.createdAt.toISOString(),
    modelId: row.modelId,
    modelName: row.modelName,
    styleId: row.styleId,
    styleName: row.styleName,
    baseModelId: row.baseModelId,
    baseModelName: row.baseModelName,
    seed: row.seed,
    generationId: row.generationId,
    // a LoRA-weight-0 image scored before issue 23 is not of the person: shown without a score
    likeness: row.loraStrength === 0 ? null : row.likeness,
    upscaledFrom: row.upscaledFrom,
  };
  if (opts.withOwner) {
    view.userId = row.userId;
    view.username = row.username;
  }
  return view;
}
