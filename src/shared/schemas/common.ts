import { z } from 'zod';

// PostgreSQL text cannot hold NUL (a driver error, not a row), and no field of this product has a use
// for other C0 controls. Multi-line fields (messages, descriptions, prompts) keep tab and line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL_ANY = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARS_MESSAGE = 'Must not contain control characters';

// Half of a UTF-16 surrogate pair has no UTF-8 form: JSON can carry it ("\ud800"), PostgreSQL's json
// refuses it (a 500 through the jobs table, found by `npm run security`), and no keyboard types it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when text holds a control character the field refuses, or half of a surrogate pair. */
export const hasControlChars = (value: string, multiLine = false) =>
  (multiLine ? CONTROL_MULTILINE : CONTROL_ANY).test(value) || LONE_SURROGATE.test(value);

/** The refinement every text input carries: single-line by default, or keeping tab and line breaks. */
export const noControlChars =
  (multiLine = false) =>
  (value: string | null | undefined) =>
    value == null || !hasControlChars(value, multiLine);

/** A string schema refusing control characters; chain .trim(), .max() etc. before or after. */
export const safeText = (opts: { multiLine?: boolean; error?: string } = {}) =>
  z
    .string(opts.error ? { error: opts.error } : undefined)
    .refine(noControlChars(opts.multiLine), CONTROL_CHARS_MESSAGE);

/**
 * A calendar date PostgreSQL accepts and a person could mean: a real day (no Feb 30) of a year
 * 1–9999. JS Date rolls Feb 30 over to March and takes year 0, so it cannot judge this alone.
 */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(2000, month - 1, day));
  d.setUTCFullYear(year);
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** "YYYY-MM-DD" naming a real day within the years given (inclusive). */
export function isIsoDay(value: string, minYear = 1, maxYear = 9999): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= minYear && y <= maxYear && isRealDate(y, mo, d);
}

export const uuidSchema = z.uuid('Not found');
export const idParamsSchema = z.object({ id: z.uuid('Not found') });

// Cursors are opaque to the client: base64url of "<iso date>|<uuid>".
export const cursorSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
  .optional();

export type ErrorBody = { error: string; message: string; code: string; fields?: Record<string, string> };

export { NEXT_CURSOR_HEADER } from '../constants';

/** The bare acknowledgement many actions answer with. */
export const successSchema = z.object({ success: z.boolean() });
