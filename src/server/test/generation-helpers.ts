import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { AppDeps } from '../deps';
import type { ImageEngine } from '../engines/images/images';
import { models } from '../db/schema/index';
import { applyLedgerEntry } from '../modules/tokens/ledger.service';
import { loraWeightsKey, offlineArtifactKey, offlineCropKey } from '../storage/keys';

/** API tests only: tokens through the ledger (the one way balances change). */
export async function giveTokens(deps: Pick<AppDeps, 'db'>, userId: string, amount: number) {
  await deps.db.transaction(async (tx) => {
    await applyLedgerEntry(tx, {
      userId,
      type: 'admin_adjustment',
      amount,
      idempotencyKey: `admin:${randomUUID()}`,
      description: 'test top-up',
      refType: 'user',
      refId: userId,
    });
  });
}

export async function catalog(deps: Pick<AppDeps, 'db'>) {
  const bases = await deps.db.query.baseModels.findMany();
  const styles = await deps.db.query.presetStyles.findMany();
  return {
    dev: bases.find((b) => b.name === 'FLUX.1 Dev')!,
    schnell: bases.find((b) => b.name === 'FLUX.1 Schnell')!,
    juggernaut: bases.find((b) => b.name === 'Juggernaut XL')!,
    style: styles.find((s) => s.name === 'Anime')!,
    nsfwStyle: styles.find((s) => s.isNsfw)!,
  };
}

/** A ready personal model with an offline artifact (palette + crops), as the offline trainer writes it. */
export async function readyModel(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  opts: { status?: 'ready' | 'training'; name?: string; offlineHosted?: boolean } = {},
) {
  const id = randomUUID();
  const crops: string[] = [];
  for (let i = 0; i < 2; i++) {
    const key = offlineCropKey(userId, id, i);
    const img = await sharp({
      create: { width: 256, height: 256, channels: 3, background: i ? '#d09070' : '#a06040' },
    })
      .webp()
      .toBuffer();
    await deps.storage.put(key, img, 'image/webp');
    crops.push(key);
  }
  const artifactKey = offlineArtifactKey(userId, id);
  await deps.storage.put(
    artifactKey,
    Buffer.from(
      JSON.stringify({ version: 1, palette: ['#aa3322', '#2244aa'], crops, triggerWord: 'zxqperson' }),
    ),
    'application/json',
  );
  const [row] = await deps.db
    .insert(models)
    .values({
      id,
      userId,
      name: opts.name ?? 'My Face',
      status: opts.status ?? 'ready',
      triggerWord: 'zxqperson',
      artifactKey,
      runwareAirName: opts.offlineHosted ? `offline:${id}@1` : 'lorastudio:1@1',
      hostingProvider: opts.offlineHosted ? 'offline' : null,
    })
    .returning();
  return row;
}

/**
 * An image engine a test swaps between cases: pass `engine` to createHarness as the renderer, then
 * `use()` another behaviour (its name decides which engine a generation is recorded with).
 */
export function switchableImages(initial: ImageEngine) {
  let current = initial;
  const engine: ImageEngine = {
    get name() {
      return current.name;
    },
    render: (req) => current.render(req),
  };
  return { engine, use: (next: ImageEngine) => void (current = next) };
}

/** A model a vendor trainer finished: LoRA weights in storage, waiting to be hosted (training_complete). */
export async function trainedModel(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  userId: string,
  weights = Buffer.from('fake-safetensors-weights'),
) {
  const id = randomUUID();
  const weightsKey = loraWeightsKey(userId, id);
  await deps.storage.put(weightsKey, weights, 'application/octet-stream');
  const [row] = await deps.db
    .insert(models)
    .values({
      id,
      userId,
      name: 'My Face',
      status: 'training_complete',
      triggerWord: 'zxqperson',
      weightsKey,
      trainingProvider: 'replicate',
    })
    .returning();
  return row;
}

/** The catalogue's base models and style LoRAs as a vendor double knows them (AIR → architecture). */
export async function vendorCatalog(deps: Pick<AppDeps, 'db'>) {
  const bases = await deps.db.query.baseModels.findMany();
  return Object.fromEntries(bases.map((b) => [b.air, b.architecture]));
}
