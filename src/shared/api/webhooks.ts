import { stripeWebhookResultSchema, webhookReceivedSchema } from '../schemas/webhooks';
import { defineRoute } from './define';

/** Vendor callbacks: the body stays raw bytes for the signature check, so no body schema. */
export const webhooksApi = {
  stripe: defineRoute({
    method: 'POST',
    path: '/api/webhooks/stripe',
    response: { 200: stripeWebhookResultSchema },
  }),
  replicate: defineRoute({
    method: 'POST',
    path: '/api/webhooks/replicate',
    response: { 200: webhookReceivedSchema },
  }),
};
