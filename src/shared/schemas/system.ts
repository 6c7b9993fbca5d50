import { z } from 'zod';

/** Which engine serves each kind of work: a vendor when its keys are set, else the offline one. */
export const engineNamesSchema = z.object({
  training: z.enum(['offline', 'replicate']),
  hosting: z.enum(['offline', 'runware']),
  images: z.enum(['offline', 'runware']),
  vision: z.enum(['offline', 'runware']),
  payments: z.enum(['offline', 'stripe']),
  mail: z.enum(['outbox', 'smtp']),
  storage: z.enum(['local', 's3']),
});
export type EngineNames = z.infer<typeof engineNamesSchema>;

/** GET /api/config: what the client needs to know about the server's setup. */
export const publicConfigSchema = z.object({
  engines: engineNamesSchema,
  stripePublishableKey: z.string().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/healthz, with 200 when the database answers and 503 when it does not. */
export const healthSchema = z.object({ ok: z.boolean(), db: z.boolean(), version: z.string() });
