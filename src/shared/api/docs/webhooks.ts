import type { webhooksApi } from '../webhooks';
import type { OperationDocs } from './operation-doc';

/** What each route of `webhooksApi` does, for the OpenAPI document (src/server/modules/api-keys/openapi.ts). */
export const webhooksDocs: OperationDocs<typeof webhooksApi> = {
  stripe: {
    summary: "Receive Stripe's events",
    description:
      "Stripe calls this with payment events; each is checked by its signature and only wakes the payment's own check.",
  },
  replicate: {
    summary: "Receive Replicate's events",
    description:
      "Replicate calls this when a training changes; it only wakes the training's job, which reads the vendor's record.",
  },
};
