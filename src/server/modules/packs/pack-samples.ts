import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import type { PackSampleEntry } from '../../db/schema/packs';
import { createOfflineImageEngine, hashText } from '../../engines/images/offline';
import type { RenderRequest } from '../../engines/images/images';
import { deleteFiles } from '../../jobs/storage-cleanup';
import { sharp } from '../../lib/sharp';
import { packSampleKey } from '../../storage/keys';
import { createPacksRepository } from './packs.repository';

// A pack's cover pictures (issue 45 N5, decision 064): the offline engine draws one sample of each
// of the pack's styles, filled up with its next prompts, so a pack shows what it makes rather than a
// silhouette. No vendor is paid and no person's photo is used: the samples are public files.

export const PACK_SAMPLES_JOB = 'packs.draw-samples';
export const PACK_SAMPLE_COUNT = 4;
export const PACK_SAMPLE_SIZE = { width: 512, height: 384 } as const;
/** Bump when the drawing changes: every sample gets a new key and is drawn again. */
const DRAWING_VERSION = 1;
// a prompt's edit and a drawing racing: a few rounds settle it, each reading the pack afresh
const MAX_ROUNDS = 3;

type SamplePrompt = Awaited<ReturnType<ReturnType<typeof createPacksRepository>['samplePrompts']>>[number];
type Wanted = PackSampleEntry & { source: SamplePrompt };

/**
 * Which prompts a pack's samples show: the first prompt of each style (no style counts as one), in
 * the pack's order, then the next prompts until there are four. Prompts of an NSFW style are left
 * out: the samples are shown to everyone who sees the pack.
 */
export function chooseSamplePrompts<T extends { style: { id: string; isNsfw: boolean } | null }>(
  prompts: T[],
  count = PACK_SAMPLE_COUNT,
): T[] {
  const safe = prompts.filter((p) => !p.style?.isNsfw);
  const chosen: T[] = [];
  const styles = new Set<string>();
  for (const p of safe) {
    const style = p.style?.id ?? '';
    if (styles.has(style)) continue;
    styles.add(style);
    chosen.push(p);
  }
  for (const p of safe) if (!chosen.includes(p)) chosen.push(p);
  // back in the pack's order, however they were picked
  return chosen.slice(0, count).sort((a, b) => safe.indexOf(a) - safe.indexOf(b));
}

function wantedOf(packId: string, prompts: SamplePrompt[]): Wanted[] {
  return chooseSamplePrompts(prompts).map((p) => {
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          DRAWING_VERSION,
          p.prompt,
          p.style?.id ?? null,
          p.style?.name ?? null,
          p.style?.prompt ?? null,
        ]),
      )
      .digest('hex')
      .slice(0, 20);
    return { key: packSampleKey(packId, hash), prompt: p.prompt, style: p.style?.name ?? null, source: p };
  });
}

async function draw(w: Wanted): Promise<Buffer> {
  const p = w.source;
  const req: RenderRequest = {
    taskId: w.key,
    prompt: p.prompt,
    negativePrompt: p.style?.negativePrompt ?? '',
    ...PACK_SAMPLE_SIZE,
    count: 1,
    seed: hashText(w.key) % 2_147_483_648,
    baseModel: { id: 'pack-sample', name: 'Pack sample', air: 'offline' },
    style: p.style,
    personalModel: null,
  };
  const [image] = await createOfflineImageEngine().render(req);
  return sharp(image!.data).webp({ quality: 80 }).toBuffer();
}

/**
 * Draws what is missing of a pack's samples and records the set. Samples already stored under the
 * same key are kept; ones the pack no longer wants are deleted after the record changes.
 */
export async function drawPackSamples(deps: Pick<AppDeps, 'db' | 'storage' | 'queue'>, packId: string) {
  const repo = createPacksRepository(deps.db);
  const drawn = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const current = await repo.samplesOf(packId);
    if (!current) break;
    const have = new Set((current.samples ?? []).map((s) => s.key));
    for (const w of wantedOf(packId, await repo.samplePrompts(packId))) {
      if (have.has(w.key) || drawn.has(w.key)) continue;
      await deps.storage.put(w.key, await draw(w), 'image/webp');
      drawn.add(w.key);
    }
    const saved = await deps.db.transaction(async (tx) => {
      const r = createPacksRepository(tx);
      const locked = await r.lockPack(packId);
      if (!locked) return true;
      // read again under the lock: an edit meanwhile may want other pictures
      const wanted = wantedOf(packId, await r.samplePrompts(packId));
      const before = new Set((locked.samples ?? []).map((s) => s.key));
      if (!wanted.every((w) => before.has(w.key) || drawn.has(w.key))) return false;
      await r.setSamples(
        packId,
        wanted.map(({ key, prompt, style }) => ({ key, prompt, style })),
      );
      const keep = new Set(wanted.map((w) => w.key));
      const unused = [...before, ...drawn].filter((k) => !keep.has(k));
      if (unused.length > 0) await deleteFiles(deps.queue, tx, [...new Set(unused)]);
      return true;
    });
    if (saved) return;
  }
  throw new Error('the pack kept changing while its samples were drawn');
}

export function definePackSamplesJob(deps: AppDeps) {
  deps.queue.define({
    name: PACK_SAMPLES_JOB,
    schema: z.object({ packId: z.uuid() }),
    maxAttempts: 3,
    handler: async ({ packId }) => {
      await drawPackSamples(deps, packId);
      return { kind: 'done' };
    },
  });
}

/**
 * Asks for a pack's samples. A list's request is one at a time per pack; an admin's edit always gets
 * its own drawing (in `tx`), since one already running may have read the prompts before the edit.
 * Two drawings at once are safe: each records what the pack wants when it takes the row lock.
 */
export function requestPackSamples(deps: Pick<AppDeps, 'queue'>, packId: string, tx?: DbOrTx) {
  return deps.queue.enqueue(
    PACK_SAMPLES_JOB,
    { packId },
    tx ? { tx } : { singletonKey: `pack-samples:${packId}` },
  );
}
