import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARS_MESSAGE, hasControlChars } from '../../shared/schemas/common';
import { badRequest } from '../lib/errors';

// Issue 13, point 4: a NUL byte in any text reached PostgreSQL as a 500. The shared schemas refuse
// control characters field by field (so forms say so too); this guard covers every route's query
// and JSON body whatever its schema, with the rule of the most permissive field (tab and line
// breaks allowed). Headers and multipart fields are parsed by their routes' own schemas.

const MAX_DEPTH = 32;

/** The dotted path of the first string holding a refused control character, if any. */
export function findControlChars(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlChars(value, true) ? path || '_' : undefined;
  // raw bodies kept as bytes (signed webhooks) are no text fields
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || ArrayBuffer.isView(value))
    return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasControlChars(key, true)) return at;
    const found = findControlChars(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export function registerControlCharGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field =
      findControlChars(request.query) ?? findControlChars(request.params) ?? findControlChars(request.body);
    if (field) throw badRequest(CONTROL_CHARS_MESSAGE, { [field]: CONTROL_CHARS_MESSAGE });
  });
}
