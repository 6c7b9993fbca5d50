import { z } from 'zod';

// What the vendor webhooks answer. Nobody reads these bodies but the vendor's delivery log; they
// are declared so every JSON route serialises through a schema (decision 032).

/** POST /api/webhooks/replicate */
export const webhookReceivedSchema = z.object({ received: z.boolean() });

/** POST /api/webhooks/stripe: whether the event moved anything, and for a refund or dispute how much. */
export const stripeWebhookResultSchema = z.object({
  received: z.boolean(),
  handled: z.boolean(),
  result: z.string().optional(),
  taken: z.number().optional(),
  owed: z.number().optional(),
  given: z.number().optional(),
});
