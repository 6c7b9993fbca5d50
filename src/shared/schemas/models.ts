import { z } from 'zod';
import { cursorSchema } from './common';
import { MAX_MODEL_IMAGES, MAX_PHOTO_MB, MODEL_STATUSES, UPLOAD_STATUSES } from '../constants';

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
    .max(100, 'Model name must be at most 100 characters'),
  description: z
    .string()
    .trim()
    .max(1000, 'Description must be at most 1000 characters')
    .optional()
    .default(''),
});
export type CreateModelInput = z.input<typeof createModelSchema>;

export const promptModifierSchema = z.object({
  promptModifier: z
    .string({ error: 'Prompt modifier must be text' })
    .max(500, 'Prompt modifier must be at most 500 characters'),
});

export const setModelStatusSchema = z.object({
  status: z.literal('uploaded', { error: 'Only a reset to uploaded is allowed' }),
});

export const adminModelsQuerySchema = z.object({
  search: z.string().max(200).optional(),
  cursor: cursorSchema,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const uploadLogsQuerySchema = z.object({
  search: z.string().max(200).optional(),
  status: z.enum(['all', ...UPLOAD_STATUSES]).optional(),
});

export type ModelStatus = (typeof MODEL_STATUSES)[number];

export type TrainingImage = {
  id: string;
  imageUrl: string;
  previewImageUrl: string;
  width?: number;
  height?: number;
};

export type Model = {
  id: string;
  userId: string;
  name: string;
  description: string;
  status: ModelStatus;
  previewImageUrl: string | null;
  createdAt: string;
  updatedAt: string;
  trainingImages: TrainingImage[];
  imageCount: number;
  zipUrl: string | null;
  replicateTrainingId: string | null;
  replicateModelId: string | null;
  runwareAirName: string | null;
  promptModifier: string;
  triggerWord: string;
  processingStatus: string | null;
  trainingProvider: string | null;
  trainingError: string | null;
};

export type TrainingStatusResponse = {
  trainingStatus: string | null;
  raw_status: string | null;
  progress: number | null;
  logs: string;
  error: string | null;
  cancelUrl: string | null;
  streamUrl: string | null;
  getUrl: string;
  completed_at: string | null;
  phaseCompleted: number;
  uploadStatus: string | null;
  processingStatus: string | null;
  readyStatus: string | null;
  runwareUploadStatus: { status: string | null };
  model: { status: ModelStatus; runwareAirName: string | null };
};

export type UploadLog = {
  id: string;
  modelId: string;
  status: (typeof UPLOAD_STATUSES)[number];
  message: string | null;
  errorDetails: string | null;
  airName: string | null;
  retryCount: number;
  createdAt: string;
  model: { name: string; user: { username: string } };
};

export type UploadLogsResponse = {
  uploadLogs: UploadLog[];
  stats: { total: number; pending: number; processing: number; success: number; failed: number };
};

export type AdminModel = {
  id: string;
  name: string;
  description: string;
  status: ModelStatus;
  createdAt: string;
  updatedAt: string;
  replicateModelId: string | null;
  zipUrl: string | null;
  runwareAirName: string | null;
  previewImageUrl: string | null;
  trainingImages: TrainingImage[];
  imageCount: number;
  userId: string;
  userUsername: string;
  userEmail: string;
};
