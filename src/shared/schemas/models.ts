import { z } from 'zod';
import { CONTROL_CHARS_MESSAGE, cursorSchema, noControlChars } from './common';
import { MAX_MODEL_IMAGES, MAX_PHOTO_MB, MODEL_STATUSES, UPLOAD_STATUSES } from '../constants';
import { PHOTO_CHECK_STATUSES, PHOTO_PROBLEMS } from '../photo-checks';

export const MODEL_NAME_MIN = 'Model name must be at least 3 characters';
export const TOO_MANY_IMAGES = `You can upload a maximum of ${MAX_MODEL_IMAGES} images. Please select fewer images.`;
export const INSUFFICIENT_TRAINING_TOKENS =
  'Insufficient tokens. Please purchase more tokens to start training.';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'image/webp'] as const;
export const fileTooLargeMessage = (name: string) =>
  `File ${name} is too large. Maximum size is ${MAX_PHOTO_MB}MB.`;
export const invalidFormatMessage = (name: string) =>
  `File ${name} has an invalid format. Supported formats: JPG, PNG, WebP.`;
export const duplicateImageMessage = (name: string, other: string) =>
  `File ${name} looks like a duplicate of ${other}. Please choose a different photo.`;

export const createModelSchema = z.object({
  name: z
    .string({ error: MODEL_NAME_MIN })
    .trim()
    .min(3, MODEL_NAME_MIN)
    .max(100, 'Model name must be at most 100 characters')
    .refine(noControlChars(), CONTROL_CHARS_MESSAGE),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .refine(noControlChars(true), CONTROL_CHARS_MESSAGE)
    .optional()
    .default(''),
  /** the subject attestation (src/shared/privacy-notices.ts), recorded with the model when true */
  subjectConsent: z.boolean({ error: 'subjectConsent must be true or false' }).optional(),
});
export type CreateModelInput = z.input<typeof createModelSchema>;

export const promptModifierSchema = z.object({
  promptModifier: z
    .string({ error: 'Prompt modifier must be text' })
    .max(500, 'Prompt modifier must be at most 500 characters')
    .refine(noControlChars(true), CONTROL_CHARS_MESSAGE),
});

export const setModelStatusSchema = z.object({
  status: z.literal('uploaded', { error: 'Only a reset to uploaded is allowed' }),
});

export const adminModelsQuerySchema = z.object({
  search: z.string().max(200).refine(noControlChars(), CONTROL_CHARS_MESSAGE).optional(),
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const uploadLogsQuerySchema = z.object({
  search: z.string().max(200).refine(noControlChars(), CONTROL_CHARS_MESSAGE).optional(),
  status: z.enum(['all', ...UPLOAD_STATUSES]).optional(),
});

export type ModelStatus = (typeof MODEL_STATUSES)[number];

// Response shapes (each route's `schema.response`; the client imports the inferred types).

/**
 * A training photo's check (decision 020): `verdict` is its most important problem, null when it
 * passes; `problems` lists them all. Null for photos stored before the checks existed. Advisory only.
 */
export const photoCheckSchema = z.object({
  status: z.enum(PHOTO_CHECK_STATUSES),
  verdict: z.enum(PHOTO_PROBLEMS).nullable(),
  problems: z.array(z.enum(PHOTO_PROBLEMS)),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;

export const trainingImageSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  previewImageUrl: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
  check: photoCheckSchema.nullable().optional(),
});
export type TrainingImage = z.infer<typeof trainingImageSchema>;

/** An image the GPU trainer rendered with the finished LoRA; step: the training step, null when unknown. */
export const trainingSampleSchema = z.object({
  url: z.string(),
  step: z.number().int().nullable(),
});
export type TrainingSample = z.infer<typeof trainingSampleSchema>;

export const modelSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(MODEL_STATUSES),
  previewImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  trainingImages: z.array(trainingImageSchema),
  imageCount: z.number(),
  /** counts over trainingImages; null where the answer carries no photos */
  photoChecks: z
    .object({ pending: z.number(), passing: z.number(), flagged: z.number() })
    .nullable()
    .optional(),
  zipUrl: z.string().nullable(),
  replicateTrainingId: z.string().nullable(),
  replicateModelId: z.string().nullable(),
  runwareAirName: z.string().nullable(),
  promptModifier: z.string(),
  triggerWord: z.string(),
  processingStatus: z.string().nullable(),
  trainingProvider: z.string().nullable(),
  trainingError: z.string().nullable(),
  /** when the owner attested who is in the photos (decision 025); null: not yet, uploads refused */
  subjectConsentAt: z.string().nullable().optional(),
  /** when the training photos were deleted (retention or the owner); the weights stay */
  photosDeletedAt: z.string().nullable().optional(),
  /** GET /api/models/:id only: the trainer's sample images (ai-toolkit), empty for other trainers */
  trainingSamples: z.array(trainingSampleSchema).optional(),
});
export type Model = z.infer<typeof modelSchema>;

export const modelListSchema = z.array(modelSchema);

/** A model action's answer (train, cancel, prompt modifier, …). */
export const modelActionSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  model: modelSchema,
});

export const successSchema = z.object({ success: z.boolean() });

export const photosUploadedSchema = z.object({
  success: z.boolean(),
  uploaded: z.number(),
  model: modelSchema,
});

/** DELETE /api/models/:id/photos */
export const photosDeletedSchema = z.object({
  success: z.boolean(),
  deleted: z.number(),
  model: modelSchema,
});

export const flaggedRemovedSchema = z.object({
  success: z.boolean(),
  removed: z.number(),
  model: modelSchema,
});

export const reuploadStartedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  uploadLogId: z.string(),
  airId: z.string().nullable().optional(),
  model: modelSchema.optional(),
});

export const trainingStatusResponseSchema = z.object({
  trainingStatus: z.string().nullable(),
  raw_status: z.string().nullable(),
  progress: z.number().nullable(),
  logs: z.string(),
  error: z.string().nullable(),
  cancelUrl: z.string().nullable(),
  streamUrl: z.string().nullable(),
  getUrl: z.string(),
  completed_at: z.string().nullable(),
  phaseCompleted: z.number(),
  uploadStatus: z.string().nullable(),
  processingStatus: z.string().nullable(),
  readyStatus: z.string().nullable(),
  runwareUploadStatus: z.object({ status: z.string().nullable() }),
  model: z.object({ status: z.enum(MODEL_STATUSES), runwareAirName: z.string().nullable() }),
});
export type TrainingStatusResponse = z.infer<typeof trainingStatusResponseSchema>;

export const uploadLogSchema = z.object({
  id: z.string(),
  modelId: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  message: z.string().nullable(),
  errorDetails: z.string().nullable(),
  airName: z.string().nullable(),
  retryCount: z.number(),
  createdAt: z.string(),
  model: z.object({ name: z.string(), user: z.object({ username: z.string() }) }),
});
export type UploadLog = z.infer<typeof uploadLogSchema>;

export const uploadLogsResponseSchema = z.object({
  uploadLogs: z.array(uploadLogSchema),
  stats: z.object({
    total: z.number(),
    pending: z.number(),
    processing: z.number(),
    success: z.number(),
    failed: z.number(),
  }),
});
export type UploadLogsResponse = z.infer<typeof uploadLogsResponseSchema>;

export const adminModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(MODEL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  replicateModelId: z.string().nullable(),
  zipUrl: z.string().nullable(),
  runwareAirName: z.string().nullable(),
  previewImageUrl: z.string().nullable(),
  trainingImages: z.array(trainingImageSchema),
  imageCount: z.number(),
  /** average likeness of its scored images (decision 022) and how many were scored; null: none */
  likeness: z.object({ average: z.number(), scored: z.number() }).nullable().optional(),
  userId: z.string(),
  userUsername: z.string(),
  userEmail: z.string(),
});
export type AdminModel = z.infer<typeof adminModelSchema>;
export const adminModelListSchema = z.array(adminModelSchema);
