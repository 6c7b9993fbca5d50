import { stripeWebhookResultSchema, webhookReceivedSchema } from '../schemas/webhooks';
import { contractOf, serverSide } from './define';
import { webhooksApi } from './webhooks';

/** The server's half of `webhooksApi`: who may call each route, what it validates and answers. */
export const webhooksServer = serverSide({
  stripe: { guard: 'public', response: { 200: stripeWebhookResultSchema } },
  replicate: { guard: 'public', response: { 200: webhookReceivedSchema } },
});

/** `webhooksApi` with its server side: what the server registers (src/server/http/route.ts). */
export const webhooksContract = contractOf(webhooksApi, webhooksServer);
