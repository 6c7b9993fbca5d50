// Business constants from the spec and docs/product/decisions.md; the server and the screens both read these.
export const TRAINING_COST = 150;
export const MIN_TRAINING_IMAGES = 5;
export const MAX_MODEL_IMAGES = 20;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_MB = 10;
export const SIGNUP_BONUS = 50;
export const REFERRAL_BONUS = 50;
export const DEFAULT_BASE_MODEL_COST = 15;
export const DEFAULT_STYLE_COST = 50;
export const MAX_STYLE_LORAS = 2;
export const DEFAULT_LORA_WEIGHT = 0.75;
export const MIN_DIMENSION = 128;
export const MAX_DIMENSION = 2048;
export const DIMENSION_STEP = 64;
export const MIN_IMAGE_COUNT = 1;
export const MAX_IMAGE_COUNT = 10;
export const HD_THRESHOLD = 1024;
export const TRAINING_POLL_MS = 10_000;
export const GALLERY_POLL_MS = 5_000;
export const THEME_AUTOSAVE_MS = 1000;
export const THEME_COOKIE_DAYS = 30;
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const HOST_UPLOAD_MAX_RETRIES = 5;
export const DASHBOARD_RECENT_MODELS = 3;
export const TRAINING_GRID_PREVIEW = 8;
export const CHECKOUT_REDIRECT_MS = 2000;
export const PAGE_SIZE = 24;

export const MODEL_STATUSES = [
  'pending',
  'uploaded',
  'training',
  'training_complete',
  'processing',
  'ready',
  'failed',
] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TRANSACTION_TYPES = ['purchase', 'usage', 'refund', 'bonus', 'admin_adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** Billing history reads its transactions this many at a time (the server asks for the first page with the HTML). */
export const TRANSACTIONS_PAGE = 100;

export const UPLOAD_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

// Read by pages that draw no form: kept here, beside no zod schema, so those pages do not load zod
// (the browser's `schemas` chunk) to read a number or a header name.
export const MAX_PROMPT_LENGTH = 3000;
/** Lists the spec calls a plain list answer with an array; the next page's cursor rides in this header. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

// Issue 25, downloads and upscale (docs/decisions/037-downloads-and-upscale.md).
/** The most images one zip download holds. */
export const MAX_ZIP_IMAGES = 500;
/** The upscale factors offered ("Upscale ×2 / ×4"). */
export const UPSCALE_FACTORS = [2, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];
/**
 * The longest side an upscaled image may have: twice the largest generated side (MAX_DIMENSION), which
 * is also Runware's limit for an upscale's result (4096×4096). An upscale beyond it is refused.
 */
export const MAX_UPSCALED_SIDE = 2 * MAX_DIMENSION;
/** The admin charts' periods in days (GET /api/admin/stats/daily, decision 040); zod-free for the page. */
export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
