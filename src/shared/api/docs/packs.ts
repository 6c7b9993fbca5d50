import type { packsApi } from '../packs';
import type { OperationDocs } from './operation-doc';

/** What each route of `packsApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const packsDocs: OperationDocs<typeof packsApi> = {
  list: {
    summary: 'List photo packs',
    description:
      'The packs on offer, each with its number of photos, price, cover and sample pictures of its styles.',
  },
  generate: {
    summary: 'Generate a photo pack',
    description:
      'Renders every photo of a pack with one of your ready models, charged once; photos that fail are refunded.',
  },
  batches: {
    summary: 'List your pack batches',
    description: 'The packs you have generated, newest first, with their progress.',
  },
  batch: {
    summary: 'Read one pack batch',
    description: "A pack batch's progress: photos done, failed and refunded.",
  },
  album: {
    summary: "Read a pack's album",
    description:
      'A pack batch of yours with every photo it made, in the order of its prompts, and their styles.',
  },
  adminList: {
    summary: 'List packs (admin)',
    description: 'Every pack, active or not, with its prompts, as the admin edits them.',
  },
  adminCreate: {
    summary: 'Create a pack',
    description: 'Adds a photo pack with its prompts, price and cover.',
  },
  adminUpdate: { summary: 'Update a pack', description: "Changes a pack's name, prompts, price or cover." },
  adminSetActive: {
    summary: 'Offer or withdraw a pack',
    description: "Shows or hides a pack in the users' list.",
  },
  adminUploadCover: {
    summary: 'Upload a pack cover',
    description: 'Stores a cover picture for a pack and answers with its URL (a multipart upload).',
  },
};
