import { randomInt, randomUUID } from 'node:crypto';
import { sharp } from '../../lib/sharp';
import type { Metadata } from 'sharp';
import type { z } from 'zod';
import { totalCost, costPerImage } from '../../../shared/token-cost';
import { GENERATE_TEXTS, insufficientTokensText, MAX_SEED } from '../../../shared/generation-texts';
import type {
  generateImageSchema,
  AnalyzeImageResponse,
  GenerateImageResponse,
} from '../../../shared/schemas/generation';
import {
  ARCHITECTURE_TEXTS,
  isLoraCompatible,
  PERSONAL_LORA_ARCHITECTURE,
} from '../../../shared/architecture';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, insufficientTokens, notFound } from '../../lib/errors';
import { accessModel, MAX_INPUT_PIXELS } from '../models';
import { generationImages } from '../gallery';
import { applyLedgerEntry, tokenBalance } from '../tokens';
import type { UserRow } from '../users';
import { GENERATION_JOB } from './generation.job';
import type { GenerationRequest } from './generation-request';
import { createGenerationRepository } from './generation.repository';
import { EngineError } from '../../engines/engine-error';
import { createRateLimiter } from '../../lib/rate-limiter';
import { formatCount, SERVER_LOCALE } from '../../../shared/intl';

export type GenerateInput = z.output<typeof generateImageSchema>;

/** How long the HTTP request waits for its job before answering "still working" (202). */
export const GENERATION_WAIT_MS = 110_000;

/** Issue 13, point 5: analyses per user per window, counted in the database (docs/decisions/012-own-rate-limiter.md). */
export const ANALYZE_LIMIT = 30;
export const ANALYZE_WINDOW_MS = 10 * 60_000;
/** Decodes of uploads for analysis at once in this process; the rest wait (each may take ~150 MB). */
const ANALYZE_DECODES = 2;
/** The engines get at most this many pixels a side; a bigger upload is scaled down once, here. */
const ANALYZE_MAX_SIDE = 2048;
export const ANALYZE_UNREADABLE = 'The image could not be read. It may be damaged or incomplete.';
export const ANALYZE_TOO_MANY_PIXELS = 'The image has too many pixels. Maximum is 50 megapixels.';

/** A counting semaphore: at most `n` holders, the others queue in order. */
function limiter(n: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
const analyzeDecodes = limiter(ANALYZE_DECODES);

/**
 * Checks and bounds an upload for analysis: the 50 MP cap of training photos, one full decode (a
 * truncated or corrupt file fails here, as a 400, not later in an engine as a 500), and a picture of
 * at most ANALYZE_MAX_SIDE a side for the engines, oriented, so none of them decodes the original.
 */
async function boundedForAnalysis(file: Buffer): Promise<Buffer> {
  let meta: Metadata;
  try {
    // the header only: a claimed size is judged before any pixel is decoded
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', GENERATE_TEXTS.invalidFileType[1]);
  }
  if (!meta.format || !ANALYZABLE.has(meta.format) || !meta.width || !meta.height)
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', GENERATE_TEXTS.invalidFileType[1]);
  if (meta.width * meta.height * (meta.pages ?? 1) > MAX_INPUT_PIXELS)
    throw new AppError(413, 'IMAGE_TOO_LARGE', ANALYZE_TOO_MANY_PIXELS, { image: ANALYZE_TOO_MANY_PIXELS });
  try {
    return await analyzeDecodes(() =>
      sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, failOn: 'truncated' })
        .rotate()
        .resize({
          width: ANALYZE_MAX_SIDE,
          height: ANALYZE_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
  } catch {
    throw new AppError(400, 'UNSUPPORTED_IMAGE', ANALYZE_UNREADABLE, { image: ANALYZE_UNREADABLE });
  }
}

const ANALYZABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/** A model hosted by the offline host has no vendor LoRA: it can only be drawn by the offline renderer. */
function isOfflineModel(model: { hostingProvider?: string | null; airName: string | null } | null) {
  if (!model) return false;
  return model.hostingProvider === 'offline' || (model.airName?.startsWith('offline:') ?? false);
}

/**
 * Records a generation inside the caller's transaction, without a charge of its own: the photo-pack
 * batch (modules/packs) charges once for all its prompts and refunds what fails itself.
 */
export async function recordGeneration(tx: DbOrTx, values: GenerationRowValues) {
  await createGenerationRepository(tx).insert(values);
}
export type GenerationRowValues = Parameters<ReturnType<typeof createGenerationRepository>['insert']>[0];

export function createGenerationService(deps: AppDeps) {
  const repo = createGenerationRepository(deps.db);

  /** Resolves ids, checks rights and computes the price; changes nothing. */
  async function prepare(user: UserRow, input: GenerateInput) {
    const base = await repo.baseModel(input.baseModelId);
    if (!base)
      throw badRequest(
        GENERATE_TEXTS.baseModelInvalid[1],
        { baseModelId: GENERATE_TEXTS.baseModelInvalid[1] },
        'INVALID_BASE_MODEL',
      );

    let style: GenerationRequest['style'] = null;
    let styleCost = 0;
    if (input.styleId) {
      const row = await repo.style(input.styleId);
      if (!row || (!row.isActive && !user.isAdmin)) throw notFound('Style not found');
      // docs/product/decisions.md §23: NSFW styles only for users who enabled NSFW content
      if (row.isNsfw && !user.enableNsfw)
        throw forbidden('Enable NSFW content in Settings to use this style.', 'NSFW_DISABLED');
      style = {
        id: row.id,
        name: row.name,
        prompt: row.prompt,
        negativePrompt: row.negativePrompt,
        isNsfw: row.isNsfw,
        loras: row.loraModels
          .slice(0, 2)
          .map((l) => ({ id: l.id, weight: Number(l.weight), triggerWord: l.triggerWord ?? '' })),
      };
      styleCost = row.tokenCost;
    }

    let model: (GenerationRequest['model'] & { hostingProvider?: string | null }) | null = null;
    if (input.modelId) {
      // generating with a personal model is for its owner only: for anyone else it does not exist
      const row = accessModel(await repo.model(input.modelId), user, 'use');
      if (row.status !== 'ready')
        throw conflict('This model is not ready for generation yet.', 'MODEL_NOT_READY');
      if (!isLoraCompatible(PERSONAL_LORA_ARCHITECTURE, base.architecture)) {
        throw badRequest(
          ARCHITECTURE_TEXTS.incompatibleBase[1],
          { baseModelId: ARCHITECTURE_TEXTS.incompatibleBase[1] },
          'INCOMPATIBLE_BASE_MODEL',
        );
      }
      model = {
        id: row.id,
        name: row.name,
        triggerWord: row.triggerWord,
        promptModifier: row.promptModifier,
        airName: row.runwareAirName,
        artifactKey: row.artifactKey,
        hostingProvider: row.hostingProvider,
      };
    }

    const perImage = costPerImage({
      baseModelCost: base.tokenCost,
      styleCost,
      hdEnabled: input.hdEnabled,
      width: input.width,
      height: input.height,
    });
    const total = totalCost({
      baseModelCost: base.tokenCost,
      styleCost,
      hdEnabled: input.hdEnabled,
      width: input.width,
      height: input.height,
      count: input.count,
    });
    // docs/product/decisions.md §3: never charge more (or other) than the screen showed
    if (input.calculatedTokenCost !== undefined && input.calculatedTokenCost !== total) {
      throw conflict(
        `The price has changed: ${input.count} image(s) now cost ${formatCount(total, SERVER_LOCALE)} tokens. Please review and try again.`,
        'STALE_COST',
        {
          tokenCost: total,
          costPerImage: perImage,
        },
      );
    }
    const request: GenerationRequest = {
      prompt: input.prompt,
      negativePrompt: input.negativePrompt?.trim() ?? '',
      width: input.width,
      height: input.height,
      seed: input.seed ?? randomInt(0, MAX_SEED),
      hdEnabled: input.hdEnabled,
      loraStrength: input.loraStrength,
      baseModel: { id: base.id, name: base.name, air: base.air },
      style,
      model: model
        ? {
            id: model.id,
            name: model.name,
            triggerWord: model.triggerWord,
            promptModifier: model.promptModifier,
            airName: model.airName,
            artifactKey: model.artifactKey,
          }
        : null,
    };
    const configured = deps.engines.imageEngine.name;
    const offlineModel = isOfflineModel(model);
    return { request, perImage, total, engine: offlineModel ? 'offline' : configured };
  }

  /** Debits, records the generation and enqueues its job in one transaction. */
  async function start(user: UserRow, input: GenerateInput, via: { apiKeyId?: string | null } = {}) {
    const { request, perImage, total, engine } = await prepare(user, input);
    const generationId = randomUUID();
    let jobId: string | null = null;
    try {
      await deps.db.transaction(async (tx) => {
        await applyLedgerEntry(tx, {
          userId: user.id,
          type: 'usage',
          amount: -total,
          idempotencyKey: `generation:${generationId}`,
          description: `Image generation: ${input.count} image(s)`,
          refType: 'generation',
          refId: generationId,
          apiKeyId: via.apiKeyId ?? null,
        });
        await createGenerationRepository(tx).insert({
          id: generationId,
          userId: user.id,
          status: 'pending',
          request,
          count: input.count,
          costPerImage: perImage,
          totalCost: total,
          engine,
        });
        jobId = await deps.queue.enqueue(
          GENERATION_JOB,
          { generationId },
          { tx, singletonKey: `generation:${generationId}` },
        );
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'INSUFFICIENT_TOKENS') {
        const balance =
          typeof err.extra?.balance === 'number' ? err.extra.balance : await tokenBalance(deps.db, user.id);
        throw insufficientTokens(insufficientTokensText(total, input.count, balance), {
          balance,
          required: total,
        });
      }
      throw err;
    }
    deps.queue.kick();
    return { generationId, jobId: jobId as string | null };
  }

  /** The generator's answer: every stored image of the generation, what it cost, the new balance. */
  async function result(user: UserRow, generationId: string): Promise<GenerateImageResponse> {
    const gen = await repo.byId(generationId);
    if (!gen) throw notFound();
    const images = await generationImages(deps.db, generationId, user);
    const balance = await tokenBalance(deps.db, user.id);
    const settled = gen.status === 'succeeded' || gen.status === 'partial' || gen.status === 'failed';
    if (gen.status === 'failed') {
      throw new AppError(
        502,
        'GENERATION_FAILED',
        `${gen.error ?? 'Image generation failed'}. Your ${formatCount(gen.totalCost, SERVER_LOCALE)} tokens have been refunded.`,
        undefined,
        {
          generationId: gen.id,
          balance,
        },
      );
    }
    // `id` is the first stored image's (what the gallery lists and DELETE takes); the generation has its own field
    return {
      id: images[0]?.id ?? null,
      generationId: gen.id,
      status: settled ? (gen.status as 'succeeded' | 'partial') : 'pending',
      imageUrl: images[0]?.imageUrl ?? null,
      isNSFW: images[0]?.isNSFW ?? false,
      additionalImageUrls: images.slice(1).map((i) => i.imageUrl),
      additionalNSFWFlags: images.slice(1).map((i) => i.isNSFW),
      images,
      requested: gen.count,
      tokensUsed: settled ? images.length * gen.costPerImage : gen.totalCost,
      balance,
    };
  }

  return {
    prepare,
    start,
    result,

    /** `via.apiKeyId`: the personal API key the request came with; its ledger row names it. */
    async generate(user: UserRow, input: GenerateInput, via: { apiKeyId?: string | null } = {}) {
      const { generationId, jobId } = await start(user, input, via);
      if (jobId) await deps.queue.waitFor(jobId, GENERATION_WAIT_MS);
      return result(user, generationId);
    },

    /** POST /api/analyze-image: the file is checked by its content, not its name or type header. */
    async analyze(user: UserRow, upload: Buffer): Promise<AnalyzeImageResponse> {
      await createRateLimiter(deps.db)
        .owned(user.id)
        .enforce(
          `analyze:user:${user.id}`,
          ANALYZE_WINDOW_MS,
          ANALYZE_LIMIT,
          'Too many image analyses. Please try again in a few minutes.',
        );
      const file = await boundedForAnalysis(upload);
      try {
        const out = await deps.engines.vision.analyze(file, { faces: deps.engines.faces });
        return { success: true, ...out };
      } catch (err) {
        if (err instanceof EngineError) {
          deps.log.warn({ err }, 'image analysis failed');
          throw new AppError(
            502,
            'ANALYSIS_FAILED',
            'There was an error analyzing your image. Please try again.',
          );
        }
        throw err;
      }
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
