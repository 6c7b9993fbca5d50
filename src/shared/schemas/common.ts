import { z } from 'zod';

export const uuidSchema = z.uuid('Not found');
export const idParamsSchema = z.object({ id: z.uuid('Not found') });

// Cursors are opaque to the client: base64url of "<iso date>|<uuid>".
export const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
  .optional();

export type ErrorBody = { error: string; message: string; code: string; fields?: Record<string, string> };

/** Lists the spec calls a plain list answer with an array; the next page's cursor rides in this header. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** The bare acknowledgement many actions answer with. */
export const successSchema = z.object({ success: z.boolean() });
