import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/error-codes';
import type { ErrorBody } from '../../shared/schemas/common';
import { AppError } from '../lib/errors';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  const body: ErrorBody & Record<string, unknown> = { ...extra, error: message, message, code };
  if (status === 429 && typeof extra?.retryAfter === 'number')
    reply.header('Retry-After', String(extra.retryAfter));
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  return reply.status(status).type('application/json').send(body);
}

const fastifyCodes: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON', 'The request body is empty'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'Invalid content length'],
  FST_REQ_FILE_TOO_LARGE: [413, 'FILE_TOO_LARGE', 'File is too large'],
  FST_FILES_LIMIT: [400, 'TOO_MANY_FILES', 'Too many files in one request'],
  FST_PARTS_LIMIT: [400, 'TOO_MANY_PARTS', 'Too many parts in one request'],
  FST_FIELDS_LIMIT: [400, 'TOO_MANY_FIELDS', 'Too many fields in one request'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart upload'],
  FST_ERR_VALIDATION: [400, 'VALIDATION_ERROR', 'Invalid request'],
};

/**
 * What the multipart parser (@fastify/busboy) throws at a body that is not multipart/form-data as
 * its header says: no boundary, no closing boundary, a broken part header. Plain Errors without a
 * code, known only by their text, so every upload route gets a 400 for them (issue 28, point 4).
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of (multipart data|form)$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Malformed part header$/,
];
export function isMalformedMultipart(err: { message?: string; code?: string }) {
  if (err.code) return false;
  const message = err.message ?? '';
  return MALFORMED_MULTIPART.some((re) => re.test(message));
}
export const MALFORMED_MULTIPART_MESSAGE =
  'The upload is not valid multipart/form-data (a boundary is missing or the body ends early). Please send the files again.';

/**
 * The SQLSTATE of a database error, from pg or PGlite, also when Drizzle wraps it (as `cause`).
 * Class 22 is "data exception": a value the database cannot take (bad date, NUL in text, overflow).
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return sendError(reply, err.status, err.code, err.message, err.fields, err.extra);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A malformed id in the path is "no such thing", not a form error.
      if (err.validationContext === 'params') return sendError(reply, 404, 'NOT_FOUND', 'Not found');
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!(key in fields)) fields[key] = issue.message ?? 'Invalid value';
      }
      const first = err.validation[0];
      const message =
        first.instancePath === '/' || first.instancePath === ''
          ? err.validationContext === 'body'
            ? 'The request body must be a JSON object'
            : 'Invalid request'
          : (first.message ?? 'Invalid request');
      return sendError(reply, 400, 'VALIDATION_ERROR', message, fields);
    }
    if (err.statusCode === 429) {
      return sendError(
        reply,
        429,
        'RATE_LIMITED',
        err.message || 'Too many requests. Please try again later.',
      );
    }
    // the client's malformed body, not the server's fault: a 400, and no error-level log line
    if (isMalformedMultipart(err))
      return sendError(reply, 400, 'MALFORMED_MULTIPART', MALFORMED_MULTIPART_MESSAGE);
    const known = err.code ? fastifyCodes[err.code] : undefined;
    if (known) return sendError(reply, known[0], known[1], known[2]);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode, 'BAD_REQUEST', 'Bad request');
    }
    if (sqlState(err)?.startsWith('22')) {
      // The last line of defence: the input should have been refused by its schema, so this is
      // still a bug to log, but the caller sent a bad value and gets a 400, not a 500.
      request.log.error({ err }, 'database refused a value that validation let through');
      return sendError(reply, 400, 'VALIDATION_ERROR', 'Invalid request');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'INTERNAL', 'Something went wrong. Please try again.');
  });
}
