import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import type { UserRow } from '../users/users.repository';
import { createStylesRepository, type StyleRow } from './styles.repository';

export function toPublicStyle(s: StyleRow) {
  const first = s.loraModels[0];
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    prompt: s.prompt,
    negativePrompt: s.negativePrompt,
    previewImageUrl: fileUrl(s.previewImageUrl),
    tokenCost: s.tokenCost,
    isActive: s.isActive,
    isNSFW: s.isNsfw,
    loraModels: s.loraModels.map((l) => ({ id: l.id, weight: String(l.weight), triggerWord: l.triggerWord })),
    // legacy single-LoRA fields mirror the first entry (spec part 2 §5)
    loraModelId: first?.id ?? null,
    loraWeight: first ? String(first.weight) : null,
    loraTriggerWord: first?.triggerWord ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** Who may see a style: inactive ones only admins; NSFW ones only users who enabled NSFW (DECISIONS 23). */
export function styleVisibleTo(style: StyleRow, user: UserRow, showNsfw: boolean) {
  if (user.isAdmin) return true;
  if (!style.isActive) return false;
  if (style.isNsfw && !(showNsfw && user.enableNsfw)) return false;
  return true;
}

export function createStylesService(db: Db) {
  const repo = createStylesRepository(db);
  return {
    async list(user: UserRow, opts: { showNsfw: boolean; includeInactive: boolean }) {
      const includeNsfw = opts.showNsfw && (user.isAdmin || user.enableNsfw);
      const rows = await repo.list({ includeNsfw, includeInactive: user.isAdmin && opts.includeInactive });
      return rows.map(toPublicStyle);
    },
    async get(user: UserRow, id: string, showNsfw: boolean) {
      const row = await repo.byId(id);
      if (!row || !styleVisibleTo(row, user, showNsfw)) throw notFound('Style not found');
      return toPublicStyle(row);
    },
  };
}
