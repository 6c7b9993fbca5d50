import type { FastifyReply } from 'fastify';
import { encode, type ZodType } from 'zod';

// Bodies a cache hands out many times (the gallery's first page, docs/decisions/018-session-cache.md)
// are checked against their response schema and stringified once, on first send; every later send of
// the same object is a string copy. Keyed by the object itself, so a cache eviction frees the text.
const texts = new WeakMap<object, string>();

/**
 * Sends `body` as JSON through the same schema encoding as the route's compiled serializer, reusing
 * the text of an earlier send of the same object. Return its result from the handler.
 */
export function sendCachedJson<T extends object>(reply: FastifyReply, schema: ZodType<T>, body: T): T {
  let text = texts.get(body);
  if (text === undefined) {
    text = JSON.stringify(encode(schema, body));
    texts.set(body, text);
  }
  const ready = text;
  // a per-reply serializer takes precedence over the route's compiled one
  reply.type('application/json; charset=utf-8').serializer(() => ready);
  return body;
}
