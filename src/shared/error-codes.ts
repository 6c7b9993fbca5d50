// Every `code` the server puts in an error body (docs/product/interfaces.md, "error body"). The
// server's AppError and the client's ApiError both use this union, so a code is renamed in one place.
export const ERROR_CODES = [
  // request shape
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'MALFORMED_MULTIPART',
  'BAD_REQUEST',
  'INVALID_CURSOR',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_FILES',
  'TOO_MANY_PARTS',
  'TOO_MANY_FIELDS',
  // who may call
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'ACCOUNT_SUSPENDED',
  'INVALID_CREDENTIALS',
  'INVALID_PASSWORD',
  'INVALID_TOKEN',
  // second factor (docs/decisions/056-second-factor.md)
  'SECOND_FACTOR_REQUIRED',
  'INVALID_CODE',
  'LOGIN_EXPIRED',
  'INVALID_PASSKEY',
  'CANNOT_CHANGE_SELF',
  'RATE_LIMITED',
  // things
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_EXISTS',
  // models and photos
  'INVALID_MODEL_STATUS',
  'INVALID_UPLOAD_STATUS',
  'UPLOAD_IN_PROGRESS',
  'NO_FILES',
  'NOT_ENOUGH_IMAGES',
  'TOO_MANY_IMAGES',
  'IMAGE_TOO_LARGE',
  'DUPLICATE_IMAGE',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_IMAGE',
  'NO_WEIGHTS',
  'NO_AIR_ID',
  'CONSENT_REQUIRED',
  'PHOTOS_DELETED',
  // generation
  'MODEL_NOT_READY',
  'INVALID_BASE_MODEL',
  'INCOMPATIBLE_BASE_MODEL',
  'NSFW_DISABLED',
  'STALE_COST',
  'INSUFFICIENT_TOKENS',
  'GENERATION_FAILED',
  'UPSCALE_FAILED',
  'UPSCALE_TOO_LARGE',
  'ANALYSIS_FAILED',
  // payments
  'PACKAGE_NOT_FOUND',
  'PACKAGE_MISMATCH',
  'PAYMENT_MISMATCH',
  'PAYMENT_NOT_COMPLETED',
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const known = new Set<string>(ERROR_CODES);
export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && known.has(code);
