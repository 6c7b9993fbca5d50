import { randomUUID } from 'node:crypto';
import { PACK_TEXTS, type AdminPack, type PackValues } from '../../../shared/schemas/packs';
import type { AppDeps } from '../../deps';
import { deleteFiles } from '../../jobs/storage-cleanup';
import { badRequest, notFound } from '../../lib/errors';
import { fileUrl } from '../../lib/file-url';
import { readPage } from '../../lib/paging';
import { PACK_COVER_PREFIX, packCoverKey } from '../../storage/keys';
import { createAudited, recordAdminAction, recordAdminChange, type AdminActor } from '../audit';
import { processStyleImage } from '../styles';
import { requestPackSamples } from './pack-samples';
import { packBaseModel, packPrice } from './packs.pricing';
import { packSummary, requestMissingSamples } from './packs.service';
import { createPacksRepository, type PackWithPrompts } from './packs.repository';
import { formatCount, SERVER_LOCALE } from '../../../shared/intl';

const PAGE_SIZE = 50;

/** The storage key behind a cover URL this server handed out, or the outside URL as given. */
function storedCover(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith(`/files/${PACK_COVER_PREFIX}`)) return url.slice('/files/'.length);
  return url;
}

/** What an admin sets on a pack besides its name, description and cover. */
function settingsOf(p: PackWithPrompts) {
  return {
    priceMode: p.priceMode,
    discountPrice: p.discountPrice,
    isActive: p.isActive,
    prompts: p.prompts.map((q) => ({
      prompt: q.prompt,
      styleId: q.styleId,
      width: q.width,
      height: q.height,
    })),
  };
}

function audited(p: PackWithPrompts): Record<string, unknown> {
  return { name: p.name, description: p.description, coverKey: p.coverKey, ...settingsOf(p) };
}

export function createPacksAdminService(deps: Pick<AppDeps, 'db' | 'storage' | 'queue'>) {
  const repo = createPacksRepository(deps.db);

  async function view(p: PackWithPrompts): Promise<AdminPack> {
    return {
      ...packSummary(p, packBaseModel(await repo.activeBaseModels())),
      ...settingsOf(p),
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  /** What the schema cannot see: styles that exist, a discount below the images' own cost. */
  async function check(v: PackValues) {
    const styleIds = [...new Set(v.prompts.map((p) => p.styleId).filter((s): s is string => !!s))];
    const costs = new Map((await repo.stylesCost(styleIds)).map((s) => [s.id, s.tokenCost]));
    const missing = v.prompts.findIndex((p) => p.styleId && !costs.has(p.styleId));
    if (missing >= 0)
      throw badRequest(PACK_TEXTS.styleNotFound, {
        [`prompts.${missing}.styleId`]: PACK_TEXTS.styleNotFound,
      });
    if (v.priceMode !== 'discounted' || v.discountPrice === null) return;
    const prompts = v.prompts.map((p) => ({ ...p, styleCost: p.styleId ? (costs.get(p.styleId) ?? 0) : 0 }));
    const base = packBaseModel(await repo.activeBaseModels());
    const { full } = packPrice({ priceMode: 'sum', discountPrice: null, prompts }, base);
    if (v.discountPrice >= full) {
      const message = `${PACK_TEXTS.discountAboveSum} (${formatCount(full, SERVER_LOCALE)} tokens)`;
      throw badRequest(message, { discountPrice: message });
    }
  }

  const rowOf = (v: PackValues) => ({
    name: v.name,
    description: v.description,
    coverKey: storedCover(v.coverUrl),
    priceMode: v.priceMode,
    discountPrice: v.discountPrice,
    isActive: v.isActive,
  });
  const promptsOf = (v: PackValues) =>
    v.prompts.map((p) => ({ prompt: p.prompt, styleId: p.styleId, width: p.width, height: p.height }));

  return {
    async list(cursor: string | undefined) {
      const page = await readPage((limit, c) => repo.list({ all: true, limit, cursor: c }), {
        limit: PAGE_SIZE,
        cursor,
        cursorOf: (p) => ({ ts: p.cursorTs, id: p.id }),
      });
      await requestMissingSamples(deps, page.items);
      return { packs: await Promise.all(page.items.map(view)), nextCursor: page.nextCursor };
    },

    async create(admin: AdminActor, v: PackValues) {
      await check(v);
      const created = await createAudited(
        deps.db,
        { admin, action: 'pack.create', type: 'pack' },
        async (tx) => {
          const r = createPacksRepository(tx);
          const row = await r.insert(rowOf(v), promptsOf(v));
          await requestPackSamples(deps, row.id, tx);
          return (await r.byId(row.id))!;
        },
        audited,
      );
      deps.queue.kick();
      return { pack: await view(created) };
    },

    async update(admin: AdminActor, id: string, v: PackValues | { isActive: boolean }) {
      const before = await repo.byId(id);
      if (!before) throw notFound(PACK_TEXTS.packNotFound);
      const full = 'prompts' in v ? v : null;
      if (full) await check(full);
      await deps.db.transaction(async (tx) => {
        const r = createPacksRepository(tx);
        await r.update(id, full ? rowOf(full) : { isActive: v.isActive }, full ? promptsOf(full) : null);
        const after = (await r.byId(id))!;
        // new prompts or styles may want other samples; the drawing keeps those it already has
        if (full) await requestPackSamples(deps, id, tx);
        // a replaced uploaded cover is deleted once this commits
        if (before.coverKey !== after.coverKey && before.coverKey?.startsWith(PACK_COVER_PREFIX))
          await deleteFiles(deps.queue, tx, [before.coverKey]);
        await recordAdminChange(
          tx,
          { admin, action: 'pack.update', entity: { type: 'pack', id } },
          audited(before),
          audited(after),
        );
      });
      deps.queue.kick();
      return { pack: await view((await repo.byId(id))!) };
    },

    async uploadCover(admin: AdminActor, data: Buffer) {
      // checked by content and re-encoded exactly as a style preview is (modules/styles/style-image.ts)
      const out = await processStyleImage(data);
      const key = packCoverKey(randomUUID());
      await deps.storage.put(key, out.data, 'image/webp');
      await deps.db.transaction(async (tx) => {
        await recordAdminAction(tx, {
          admin,
          action: 'pack.cover_upload',
          entity: { type: 'pack_cover', id: key },
        });
      });
      return { coverUrl: fileUrl(key)! };
    },
  };
}
