import type { modelsApi } from '../models';
import type { OperationDocs } from './operation-doc';

/** What each route of `modelsApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const modelsDocs: OperationDocs<typeof modelsApi> = {
  list: {
    summary: 'List your models',
    description: 'Your personal models with their status, newest first.',
  },
  detail: {
    summary: 'Read one model',
    description:
      'A model of yours with its photos, training state and hosting details, and the sample images a model trained on the operator’s GPU rendered at the end of its training.',
  },
  create: {
    summary: 'Create a model',
    description: 'Starts a personal model from a name and your photos of one person (a multipart upload).',
  },
  uploadPhotos: {
    summary: 'Add photos to a model',
    description: 'Uploads more training photos to a model that has not been trained yet.',
  },
  consent: {
    summary: "Record the subject's consent",
    description: 'Records that the person in the photos agreed to a model of them.',
  },
  removeFlagged: {
    summary: 'Remove flagged photos',
    description: 'Deletes the photos the checks flagged (blurred, no face, another person) from a model.',
  },
  updatePromptModifier: {
    summary: "Set a model's prompt modifier",
    description: 'Changes the words added to every prompt generated with this model.',
  },
  remove: {
    summary: 'Delete a model',
    description: 'Deletes a model, its photos and its trained weights.',
  },
  deletePhotos: {
    summary: "Delete a model's training photos",
    description: 'Removes the training photos of a trained model; the model keeps working.',
  },
  trainingStatus: {
    summary: 'Read training progress',
    description: "A model's training state, progress and log lines.",
  },
  train: {
    summary: 'Start training',
    description:
      "Trains the model on its photos; the training's tokens are charged now and refunded if it fails.",
  },
  retryTraining: {
    summary: 'Retry a failed training',
    description: 'Trains a model again after a failure, charging its tokens again.',
  },
  cancelTraining: {
    summary: 'Cancel a training',
    description: 'Stops a running training and refunds its tokens.',
  },
  skipProcessing: {
    summary: 'Skip post-processing',
    description: 'Marks a trained model ready without waiting for its last processing step.',
  },
  setStatus: {
    summary: "Reset a model's status",
    description: 'Puts a failed model back to uploaded, so its photos can be trained again.',
  },
  reupload: {
    summary: 'Upload the trained model again',
    description: "Sends a trained model's weights to the hosting vendor again.",
  },
  reuploadRunware: {
    summary: 'Upload the trained model to Runware again',
    description: "Sends a trained model's weights to Runware again after a failed upload.",
  },
};
