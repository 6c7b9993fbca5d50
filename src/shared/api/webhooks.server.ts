import { stripeWebhookResultSchema, webhookReceivedSchema } from '../schemas/webhooks';
import { serverSide } from './define';

/** The server's half of `webhooksApi`: who may call each route, what it validates and answers. */
export const webhooksServer = serverSide({
  stripe: { guard: 'public', response: { 200: stripeWebhookResultSchema } },
  replicate: { guard: 'public', response: { 200: webhookReceivedSchema } },
});
