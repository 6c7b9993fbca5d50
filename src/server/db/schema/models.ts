import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './common';
import { users } from './users';
import { MODEL_STATUSES } from '../../../shared/constants';
import { PHOTO_CHECK_STATUSES, type PhotoProblem } from '../../../shared/photo-checks';

// the full set everywhere (docs/product/decisions.md §11), one list for the database and the screens
export const modelStatuses = MODEL_STATUSES;

export const models = pgTable(
  'models',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: modelStatuses }).notNull().default('pending'),
    previewImageKey: text('preview_image_key'),
    triggerWord: text('trigger_word').notNull(),
    promptModifier: text('prompt_modifier').notNull().default(''),
    // which engines the model went through, so a restart with other keys still settles it
    trainingProvider: text('training_provider'),
    hostingProvider: text('hosting_provider'),
    zipKey: text('zip_key'),
    trainingId: text('training_id'),
    replicateModelId: text('replicate_model_id'),
    trainingVersion: text('training_version'),
    weightsKey: text('weights_key'),
    artifactKey: text('artifact_key'),
    runwareAirName: text('runware_air_name'),
    processingStatus: text('processing_status'),
    trainingProgress: integer('training_progress'),
    trainingLogs: text('training_logs').notNull().default(''),
    trainingError: text('training_error'),
    trainingAttempt: integer('training_attempt').notNull().default(0),
    trainingStartedAt: ts('training_started_at'),
    trainingCompletedAt: ts('training_completed_at'),
    readyAt: ts('ready_at'),
    // when the model last moved to 'failed' (models.repository.ts stamps it; the admin charts count it)
    failedAt: ts('failed_at'),
    // the owner's attestation that the photos show them or someone who consented (decision 025)
    subjectConsentAt: ts('subject_consent_at'),
    subjectNoticeVersion: text('subject_notice_version'),
    // the retention job or the owner deleted the training photos; the weights stay (decision 025)
    photosDeletedAt: ts('photos_deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('models_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('models_status_idx').on(t.status, t.updatedAt),
    // the retention job's daily scan: models whose photos are still kept
    index('models_ready_photos_idx')
      .on(t.status, t.readyAt)
      .where(sql`${t.photosDeletedAt} is null`),
    index('models_created_idx').on(t.createdAt, t.id),
    index('models_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // the admin charts' trainings ready / failed per day (decision 040)
    index('models_ready_at_idx')
      .on(t.readyAt)
      .where(sql`${t.readyAt} is not null`),
    index('models_failed_at_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
  ],
);

/** The model a row is about and its owner: deleting either deletes the row. */
const modelAndOwner = () => ({
  modelId: uuid('model_id')
    .notNull()
    .references(() => models.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const trainingImages = pgTable(
  'training_images',
  {
    id: id(),
    ...modelAndOwner(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    phash: text('phash').notNull(),
    originalName: text('original_name').notNull().default(''),
    // the photo checks (decision 020); null: stored before the checks existed
    checkStatus: text('check_status', { enum: PHOTO_CHECK_STATUSES }),
    checkProblems: jsonb('check_problems').$type<PhotoProblem[]>().notNull().default([]),
    /** the main face's box in the stored photo, for a best-face crop */
    faceBox: jsonb('face_box').$type<{ x: number; y: number; width: number; height: number }>(),
    faceSharpness: real('face_sharpness'),
    /** distance of the main face to the model's median descriptor (different-person signal) */
    faceDistance: real('face_distance'),
    /**
     * 128-d descriptor of the main face: biometric data. Kept only for this model's own photos,
     * deleted with them (cascade), never sent to a vendor, never in an API response.
     */
    faceDescriptor: real('face_descriptor').array(),
    createdAt: createdAt(),
  },
  (t) => [index('training_images_model_idx').on(t.modelId, t.createdAt)],
);

export const uploadLogs = pgTable(
  'upload_logs',
  {
    id: id(),
    ...modelAndOwner(),
    status: text('status', { enum: ['pending', 'processing', 'success', 'failed'] })
      .notNull()
      .default('pending'),
    message: text('message'),
    errorDetails: text('error_details'),
    airName: text('air_name'),
    retryCount: integer('retry_count').notNull().default(0),
    series: integer('series').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('upload_logs_created_idx').on(t.createdAt, t.id),
    index('upload_logs_model_idx').on(t.modelId, t.createdAt),
  ],
);
