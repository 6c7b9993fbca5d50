import { z } from 'zod';
import { pagePattern, type PagePattern } from '../page-routes';

/** The Web Vitals the browser reports (the `web-vitals` library's names). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];
export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/** Milliseconds, except CLS (a unitless score). Anything larger is not a measurement. */
const MAX_MS = 600_000;
const MAX_CLS = 100;

/**
 * `POST /api/vitals`: one browser measurement. `route` is a page pattern (`/models/:id`); a concrete
 * path of a page (`/models/4f0c…`) is read as its pattern, so no id is ever stored, and a path no page
 * has is refused.
 */
export const vitalBeaconSchema = z
  .object({
    route: z
      .string({ error: 'route is required' })
      .max(200, 'route must be a page of this site')
      .transform((path, ctx): PagePattern => {
        const pattern = pagePattern(path);
        if (pattern) return pattern;
        ctx.addIssue({ code: 'custom', message: 'route must be a page of this site' });
        return z.NEVER;
      }),
    name: z.enum(VITAL_NAMES, { error: 'name must be one of LCP, INP, CLS, TTFB, FCP' }),
    value: z
      .number({ error: 'value must be a number' })
      .min(0, 'value must be 0 or more')
      .max(MAX_MS, 'value is out of range'),
    rating: z.enum(VITAL_RATINGS, { error: 'rating must be good, needs-improvement or poor' }),
  })
  .superRefine((b, ctx) => {
    if (b.name === 'CLS' && b.value > MAX_CLS)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'value is out of range' });
  });
export type VitalBeacon = z.input<typeof vitalBeaconSchema>;

/** A 204 answers with no body. */
export const noContentSchema = z.null();

const HOURS_MESSAGE = 'hours must be a whole number from 1 to 168';

/** `GET /api/admin/vitals?hours=24`: the window the p75 figures cover (a week at most). */
export const adminVitalsQuerySchema = z.object({
  hours: z
    .string()
    .regex(/^\d{1,3}$/, HOURS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, HOURS_MESSAGE).max(168, HOURS_MESSAGE))
    .default(24),
});

/** One route's 75th percentile of one vital over the window, with how many samples it rests on. */
export const vitalSummarySchema = z.object({
  route: z.string(),
  name: z.enum(VITAL_NAMES),
  p75: z.number(),
  samples: z.number().int(),
});
export type VitalSummary = z.infer<typeof vitalSummarySchema>;

export const adminVitalsSchema = z.object({
  hours: z.number().int(),
  /** every route × vital with at least one sample in the window */
  vitals: z.array(vitalSummarySchema),
});
export type AdminVitals = z.infer<typeof adminVitalsSchema>;
