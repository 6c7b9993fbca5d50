import type { stylesApi } from '../styles';
import type { OperationDocs } from './operation-doc';

/** What each route of `stylesApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const stylesDocs: OperationDocs<typeof stylesApi> = {
  list: {
    summary: 'List preset styles',
    description: 'The styles images can be generated in, with their token cost.',
  },
  detail: {
    summary: 'Read one preset style',
    description: 'A style with its prompt and its LoRA entries.',
  },
  create: {
    summary: 'Create a preset style',
    description: 'Adds a style with its prompt, preview and LoRA entries.',
  },
  update: {
    summary: 'Update a preset style',
    description: "Changes a style's prompt, preview, cost or LoRA entries.",
  },
  remove: {
    summary: 'Delete a preset style',
    description: 'Removes a style; images made with it keep their record.',
  },
  uploadImage: {
    summary: 'Upload a style preview',
    description: 'Stores a preview picture for a style and answers with its URL (a multipart upload).',
  },
};
