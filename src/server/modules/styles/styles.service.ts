import { styleTexts, type PresetStyleValues } from '../../../shared/schemas/styles';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import type { UserRow } from '../users';
import { createAudited, recordAdminAction, recordAdminChange, type AdminActor } from '../audit';
import { processStyleImage, storedPreviewKey } from './style-image';
import { createStylesRepository, type StyleRow } from './styles.repository';
import { collectPreview, UNUSED_PREVIEW_GRACE_MS } from './styles.jobs';

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
    // legacy single-LoRA fields mirror the first entry (docs/product/spec-part-2.md §5)
    loraModelId: first?.id ?? null,
    loraWeight: first ? String(first.weight) : null,
    loraTriggerWord: first?.triggerWord ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** Who may see a style: inactive ones only admins; NSFW ones only users who enabled NSFW (docs/product/decisions.md §23). */
export function styleVisibleTo(style: StyleRow, user: UserRow, showNsfw: boolean) {
  if (user.isAdmin) return true;
  if (!style.isActive) return false;
  if (style.isNsfw && !(showNsfw && user.enableNsfw)) return false;
  return true;
}

/** The fields an admin edits, as the audit log compares them (stored form: preview as its key). */
function auditedFields(s: StyleRow): Record<string, unknown> {
  return {
    ...styleTexts(s),
    previewImageUrl: s.previewImageUrl,
    loraModels: s.loraModels,
    isActive: s.isActive,
    isNsfw: s.isNsfw,
  };
}

function toRow(v: PresetStyleValues) {
  return {
    ...styleTexts(v),
    // a URL this server handed out is kept as its storage key; fileUrl() turns it back on the way out
    previewImageUrl: storedPreviewKey(v.previewImageUrl) ?? v.previewImageUrl,
    loraModels: v.loraModels,
    isActive: v.isActive,
    isNsfw: v.isNsfw,
  };
}

export function createStylesService(deps: Pick<AppDeps, 'db' | 'storage' | 'queue'>) {
  const { db, storage, queue } = deps;
  const repo = createStylesRepository(db);

  /** An uploaded preview a style no longer points at is collected by a job after the commit. */
  async function dropPreview(tx: DbOrTx, key: string | null) {
    const stored = storedPreviewKey(key);
    if (stored) await collectPreview(queue, tx, stored);
  }

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
    async create(admin: AdminActor, values: PresetStyleValues) {
      const row = await createAudited(
        db,
        { admin, action: 'style.create', type: 'preset_style' },
        (tx) => createStylesRepository(tx).insert(toRow(values)),
        auditedFields,
      );
      return toPublicStyle(row);
    },
    async update(admin: AdminActor, id: string, values: PresetStyleValues) {
      const before = await repo.byId(id);
      if (!before) throw notFound('Style not found');
      const row = await db.transaction(async (tx) => {
        const updated = await createStylesRepository(tx).update(id, toRow(values));
        if (!updated) return null;
        if (before.previewImageUrl !== updated.previewImageUrl) await dropPreview(tx, before.previewImageUrl);
        await recordAdminChange(
          tx,
          { admin, action: 'style.update', entity: { type: 'preset_style', id } },
          auditedFields(before),
          auditedFields(updated),
        );
        return updated;
      });
      if (!row) throw notFound('Style not found');
      queue.kick();
      return toPublicStyle(row);
    },
    async remove(admin: AdminActor, id: string) {
      const before = await repo.byId(id);
      if (!before) throw notFound('Style not found');
      const deleted = await db.transaction(async (tx) => {
        if (!(await createStylesRepository(tx).delete(id))) return false;
        await dropPreview(tx, before.previewImageUrl);
        await recordAdminAction(tx, {
          admin,
          action: 'style.delete',
          entity: { type: 'preset_style', id },
          before: auditedFields(before),
        });
        return true;
      });
      if (!deleted) throw notFound('Style not found');
      queue.kick();
    },
    async uploadImage(admin: AdminActor, data: Buffer) {
      const out = await processStyleImage(data);
      await storage.put(out.key, out.data, 'image/webp');
      await db.transaction(async (tx) => {
        // collected later unless a style form saves it by then
        await collectPreview(queue, tx, out.key, UNUSED_PREVIEW_GRACE_MS);
        await recordAdminAction(tx, {
          admin,
          action: 'style.image_upload',
          entity: { type: 'style_image', id: out.key },
        });
      });
      return { imageUrl: fileUrl(out.key)! };
    },
  };
}
