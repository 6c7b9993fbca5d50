import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { MAX_MODEL_IMAGES } from '../../../shared/constants';
import { duplicateImageMessage, fileTooLargeMessage, TOO_MANY_IMAGES } from '../../../shared/schemas/models';
import type { UserRow } from '../users';
import { accessModel, type ModelActor } from './model-access';
import { createModelsRepository, type ModelRow } from './models.repository';
import { toPhotoCheck, toPublicModel, toTrainingSamples } from './model-view';
import { isNearDuplicate, processPhoto, type ProcessedPhoto } from './photo-processing';
import { trainingPhotoKeys, trainingSamplesPrefix } from '../../storage/keys';
import { JOB_CHECK_PHOTOS, refreshFaceDistances } from './photo-checks.job';
import { CONSENT_REQUIRED_MESSAGE, SUBJECT_NOTICE_VERSION } from '../../../shared/privacy-notices';

const UPLOADABLE = ['pending', 'uploaded'] as const;
/** Photos go to a model before training, or to a failed one whose photos were deleted (decision 025). */
const uploadable = (m: Pick<ModelRow, 'status' | 'photosDeletedAt'>) =>
  (UPLOADABLE as readonly string[]).includes(m.status) || (m.status === 'failed' && !!m.photosDeletedAt);
const attestation = () => ({ subjectConsentAt: new Date(), subjectNoticeVersion: SUBJECT_NOTICE_VERSION });
const tooMany = () => badRequest(TOO_MANY_IMAGES, { images: TOO_MANY_IMAGES }, 'TOO_MANY_IMAGES');

/** A non-word token the trainer ties to the person (docs/vendors/providers.md A.4 "use a non-word token"). */
function newTriggerWord() {
  const letters = 'BCDFGHJKLMNPQRSTVWXZ';
  const bytes = randomBytes(5);
  return `ZQ${[...bytes].map((b) => letters[b % letters.length]).join('')}`;
}

function cleanName(name: string | undefined) {
  const base = (name ?? 'image')
    .split(/[\\/]/)
    .pop()!
    .replace(/\p{Cc}/gu, '')
    .trim();
  return (base || 'image').slice(0, 200);
}

export function createModelsService(deps: AppDeps) {
  const repo = createModelsRepository(deps.db);

  /** The model, for its owner only: another user's is not found, and an admin gets `refusal` (403). */
  const ownersModel = async (user: ModelActor, modelId: string, refusal: string) =>
    accessModel(await repo.byId(modelId), user, 'owner', refusal);

  return {
    /** The signed-in user's models, newest first, each with its photo count. */
    async list(user: Pick<UserRow, 'id'>) {
      const rows = await repo.listByUser(user.id);
      const counts = await repo.imageCounts(rows.map((m) => m.id));
      return rows.map((m) => ({ ...toPublicModel(m), imageCount: counts.get(m.id) ?? 0 }));
    },

    /** One model with its photos and, when trained on the operator's GPU, its training samples. */
    async detail(actor: ModelActor, id: string) {
      const model = accessModel(await repo.byId(id), actor);
      // only ai-toolkit renders samples: other models cost no listing of the storage
      const sampleKeys =
        model.trainingProvider === 'ai-toolkit'
          ? await deps.storage.list(trainingSamplesPrefix(model.userId, model.id))
          : [];
      return {
        ...toPublicModel(model, await repo.images(model.id)),
        trainingSamples: toTrainingSamples(sampleKeys),
      };
    },

    async create(
      user: Pick<UserRow, 'id'>,
      input: { name: string; description: string; subjectConsent?: boolean },
    ) {
      return repo.create({
        userId: user.id,
        name: input.name,
        description: input.description,
        triggerWord: newTriggerWord(),
        ...(input.subjectConsent ? attestation() : {}),
      });
    },

    /**
     * The owner attests who is in the photos (decision 025). Only the owner can: an admin's later
     * actions on the model (re-uploading its weights) act under this attestation, never their own.
     * Attesting again keeps the first record unless the notice changed since.
     */
    async recordConsent(user: Pick<UserRow, 'id' | 'isAdmin'>, modelId: string) {
      const model = await ownersModel(
        user,
        modelId,
        'Only the owner of this model can confirm who is in its photos.',
      );
      if (model.subjectConsentAt && model.subjectNoticeVersion === SUBJECT_NOTICE_VERSION) {
        return toPublicModel(model);
      }
      return toPublicModel((await repo.update(model.id, attestation()))!);
    },

    /**
     * Streams the multipart photos: each file is checked and re-encoded as it arrives (only the small
     * results are kept in memory), then the whole batch is checked for near-duplicates and the 20-image
     * cap, stored, and recorded in one transaction. Any bad file refuses the whole batch and stores nothing.
     */
    async addPhotos(
      user: Pick<UserRow, 'id' | 'isAdmin'>,
      modelId: string,
      parts: AsyncIterableIterator<Multipart>,
    ) {
      // an admin may read someone else's model but not add photos to it (403)
      const model = await ownersModel(user, modelId, 'Only the owner of this model can add images.');
      // refused before a byte of the body is read: nothing of these photos is written anywhere
      if (!model.subjectConsentAt) throw new AppError(403, 'CONSENT_REQUIRED', CONSENT_REQUIRED_MESSAGE);
      if (!uploadable(model)) {
        throw conflict('Images can only be added before training starts.', 'INVALID_MODEL_STATUS');
      }
      const existing = await repo.images(modelId);
      const processed: ProcessedPhoto[] = [];
      // Each part goes to a file of its own and through sharp before the next one is read: memory
      // holds one decode at a time and the small results, never the originals (issue 14).
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'lora-upload-'));
      try {
        for await (const part of parts) {
          if (part.type !== 'file') continue;
          const name = cleanName(part.filename);
          if (part.fieldname !== 'images') {
            part.file.resume();
            throw badRequest('Images must be sent in the "images" field.', {
              images: 'Unexpected file field',
            });
          }
          if (existing.length + processed.length >= MAX_MODEL_IMAGES) {
            part.file.resume();
            throw tooMany();
          }
          const tooLarge = () =>
            new AppError(413, 'FILE_TOO_LARGE', fileTooLargeMessage(name), {
              images: fileTooLargeMessage(name),
            });
          const file = path.join(tmp, String(processed.length));
          try {
            await pipeline(part.file, createWriteStream(file));
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
            throw err;
          }
          // the size limit ends the stream early and marks it truncated
          if (part.file.truncated) throw tooLarge();
          processed.push(await processPhoto(name, file));
          await rm(file, { force: true });
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooMany();
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          const name = cleanName((err as { part?: { filename?: string } }).part?.filename);
          throw new AppError(413, 'FILE_TOO_LARGE', fileTooLargeMessage(name), {
            images: fileTooLargeMessage(name),
          });
        }
        throw err;
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
      if (processed.length === 0) {
        throw badRequest(
          'Please select at least one image to upload.',
          { images: 'Please select at least one image to upload.' },
          'NO_FILES',
        );
      }
      const seen = existing.map((e) => ({ name: e.originalName || 'an existing image', phash: e.phash }));
      for (const p of processed) {
        const dup = seen.find((s) => isNearDuplicate(s.phash, p.phash));
        if (dup) {
          const msg = duplicateImageMessage(
            p.originalName,
            dup.name === p.originalName ? 'another image' : dup.name,
          );
          throw badRequest(msg, { images: msg }, 'DUPLICATE_IMAGE');
        }
        seen.push({ name: p.originalName, phash: p.phash });
      }
      const stored = await this.store(model, processed);
      return {
        uploaded: stored.images.length,
        model: toPublicModel(stored.model, await repo.images(model.id)),
      };
    },

    async store(model: ModelRow, processed: ProcessedPhoto[]) {
      const rows = processed.map((p) => {
        const id = randomUUID();
        const keys = trainingPhotoKeys(model.userId, model.id, id);
        return { id, p, storageKey: keys.image, thumbKey: keys.thumb };
      });
      const written: string[] = [];
      try {
        for (const r of rows) {
          await deps.storage.put(r.storageKey, r.p.image, 'image/jpeg');
          written.push(r.storageKey);
          await deps.storage.put(r.thumbKey, r.p.thumb, 'image/webp');
          written.push(r.thumbKey);
        }
        return await deps.db.transaction(async (tx) => {
          const r = createModelsRepository(tx);
          const locked = await r.lock(model.id);
          if (!locked) throw notFound('Model not found');
          if (!uploadable(locked)) {
            throw conflict('Images can only be added before training starts.', 'INVALID_MODEL_STATUS');
          }
          // a concurrent upload may have added photos meanwhile
          if ((await r.imageCount(model.id)) + rows.length > MAX_MODEL_IMAGES) throw tooMany();
          const base = Date.now();
          const inserted = await r.insertImages(
            rows.map((row, i) => ({
              id: row.id,
              modelId: model.id,
              userId: model.userId,
              storageKey: row.storageKey,
              thumbKey: row.thumbKey,
              width: row.p.width,
              height: row.p.height,
              bytes: row.p.image.length,
              phash: row.p.phash,
              originalName: row.p.originalName,
              checkStatus: deps.config.faces.checks ? ('pending' as const) : null,
              // keep the upload order stable for "first photo"
              createdAt: new Date(base + i),
            })),
          );
          // the face checks run as a job so the upload answers at once (decision 020)
          if (deps.config.faces.checks) {
            await deps.queue.enqueue(
              JOB_CHECK_PHOTOS,
              { modelId: model.id, imageIds: rows.map((row) => row.id) },
              { tx },
            );
          }
          const updated = await r.update(model.id, {
            status: 'uploaded',
            previewImageKey: locked.previewImageKey ?? rows[0].thumbKey,
            // new photos replace the ones the retention schedule deleted
            photosDeletedAt: null,
          });
          return { model: updated!, images: inserted };
        });
      } catch (err) {
        await Promise.all(written.map((k) => deps.storage.delete(k).catch(() => {})));
        throw err;
      }
    },

    /**
     * The one-click "remove flagged photos": deletes every photo whose check found a problem. The
     * user's choice, never the server's — training itself is never refused for a verdict.
     */
    async removeFlagged(user: Pick<UserRow, 'id' | 'isAdmin'>, modelId: string) {
      const model = await ownersModel(user, modelId, 'Only the owner of this model can remove images.');
      const removed = await deps.db.transaction(async (tx) => {
        const r = createModelsRepository(tx);
        const locked = await r.lock(model.id);
        if (!locked) throw notFound('Model not found');
        if (!(UPLOADABLE as readonly string[]).includes(locked.status)) {
          throw conflict('Images can only be removed before training starts.', 'INVALID_MODEL_STATUS');
        }
        const flagged = (await r.images(model.id)).filter((img) => toPhotoCheck(img)?.verdict);
        const gone = await r.deleteImages(
          model.id,
          flagged.map((img) => img.id),
        );
        if (gone.some((img) => img.thumbKey === locked.previewImageKey)) {
          const [first] = await r.images(model.id);
          await r.update(model.id, { previewImageKey: first?.thumbKey ?? null });
        }
        return gone;
      });
      await Promise.all(
        removed
          .flatMap((img) => [img.storageKey, img.thumbKey])
          .map((k) => deps.storage.delete(k).catch(() => {})),
      );
      // the median face may have moved without the removed photos
      if (removed.length > 0) await refreshFaceDistances(deps, model.id);
      const fresh = await repo.byId(model.id);
      return { removed: removed.length, model: toPublicModel(fresh!, await repo.images(model.id)) };
    },
  };
}
