import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppDeps } from '../deps';
import {
  generatedImages,
  generations,
  models,
  payments,
  supportTickets,
  trainingImages,
} from '../db/schema/index';
import { generatedImageKeys, trainingPhotoKeys } from '../storage/keys';
import { applyLedgerEntry } from '../modules/tokens/ledger.service';
import { trainingKey } from '../modules/models/training.settle';
import { readyModel } from './generation-helpers';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const png = (colour: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/**
 * A lived-in account for the deletion and export tests, written straight to the database and storage
 * (as the pipelines would have): a purchase and its ledger row, a ready model with photos (and face
 * descriptors), `images` generated images, a model in training (charged), a generation in flight
 * (charged), a support ticket with a note.
 */
export async function livedInAccount(deps: AppDeps, userId: string, opts: { images?: number } = {}) {
  const db = deps.db;
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      packageName: 'Starter',
      provider: 'offline',
      providerPaymentId: `pi_${randomUUID().replace(/-/g, '')}`,
      amountInCents: 999,
      tokenAmount: 1000,
      status: 'succeeded',
    })
    .returning();
  await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId,
      type: 'purchase',
      amount: 1000,
      amountInCents: 999,
      idempotencyKey: `payment:${payment.id}`,
      description: 'Purchased Starter',
      refType: 'payment',
      refId: payment.id,
    }),
  );

  const ready = await readyModel(deps, userId, { offlineHosted: true, name: 'Ready model' });
  for (let i = 0; i < 3; i++) {
    const id = randomUUID();
    const keys = trainingPhotoKeys(userId, ready.id, id);
    await deps.storage.put(keys.image, await png('#a0a0a0'), 'image/jpeg');
    await deps.storage.put(keys.thumb, await png('#b0b0b0', 16), 'image/webp');
    await db.insert(trainingImages).values({
      id,
      modelId: ready.id,
      userId,
      storageKey: keys.image,
      thumbKey: keys.thumb,
      width: 64,
      height: 64,
      bytes: 100,
      phash: `p${i}`,
      faceDescriptor: Array.from({ length: 128 }, (_, k) => (k % 7) / 10),
    });
  }

  const imageCount = opts.images ?? 3;
  const [gen] = await db
    .insert(generations)
    .values({
      userId,
      status: 'succeeded',
      request: { prompt: 'a lighthouse' },
      count: imageCount,
      costPerImage: 1,
      totalCost: imageCount,
      delivered: imageCount,
    })
    .returning();
  const image = await png('#3366aa', 96);
  for (let i = 0; i < imageCount; i++) {
    const id = randomUUID();
    const keys = generatedImageKeys(userId, id);
    await deps.storage.put(keys.original, image, 'image/jpeg');
    await db.insert(generatedImages).values({
      id,
      userId,
      generationId: gen.id,
      modelId: ready.id,
      prompt: `a lighthouse #${i}`,
      width: 96,
      height: 96,
      seed: i,
      storageKey: keys.original,
      thumbKey: null,
      createdAt: new Date(Date.now() - i),
    });
  }

  // a training in flight, charged 150
  const [training] = await db
    .insert(models)
    .values({
      userId,
      name: 'Training model',
      triggerWord: 'zxqperson',
      status: 'training',
      trainingAttempt: 1,
      trainingProvider: 'offline',
      trainingId: 'offline-x-1',
      trainingStartedAt: new Date(),
    })
    .returning();
  await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId,
      type: 'usage',
      amount: -150,
      idempotencyKey: trainingKey(training.id, 1),
      description: 'Model training',
      refType: 'model',
      refId: training.id,
    }),
  );

  // a generation in flight, charged 20 for 2 images
  const [inflight] = await db
    .insert(generations)
    .values({
      userId,
      status: 'running',
      request: { prompt: 'never rendered' },
      count: 2,
      costPerImage: 10,
      totalCost: 20,
    })
    .returning();
  await db.transaction((tx) =>
    applyLedgerEntry(tx, {
      userId,
      type: 'usage',
      amount: -20,
      idempotencyKey: `generation:${inflight.id}`,
      description: 'Generated 2 images',
      refType: 'generation',
      refId: inflight.id,
    }),
  );

  await db.insert(supportTickets).values({ userId, subject: 'Help me', message: 'My face is my own' });

  return { ready, training, inflight, payment };
}

/** Every public table with a `user_id` column, read from the catalogue (tables added later included). */
export async function tablesWithUserId(deps: AppDeps) {
  const res = await deps.db.execute(
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  return rowsOf<{ table_name: string }>(res).map((r) => r.table_name);
}

/** Rows of `table` whose user_id is this id. */
export async function rowsOfUser(deps: AppDeps, table: string, userId: string) {
  const res = await deps.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return Number(rowsOf<{ n: number }>(res)[0].n);
}

/** Every public table whose rows, as JSON, mention any of these strings (the jobs queue aside). */
export async function tablesMentioning(deps: AppDeps, needles: string[], skip: string[] = ['jobs']) {
  const tables = await deps.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const hits: string[] = [];
  for (const { table_name } of rowsOf<{ table_name: string }>(tables)) {
    if (skip.includes(table_name) || table_name.startsWith('__drizzle')) continue;
    for (const needle of needles) {
      const res = await deps.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where position(lower(${needle}) in lower(row_to_json(t)::text)) > 0`,
      );
      const n = Number(rowsOf<{ n: number }>(res)[0].n);
      if (n > 0) hits.push(`${table_name} mentions ${needle} (${n})`);
    }
  }
  return hits;
}

export async function modelById(deps: AppDeps, id: string) {
  const [row] = await deps.db.select().from(models).where(eq(models.id, id));
  return row ?? null;
}
