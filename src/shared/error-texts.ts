import type { ErrorCode } from './error-codes';

/**
 * The sentence for a failure that brought no words of its own: the network dropped, or something
 * between the browser and the server answered with a page of its own (a proxy's 502). It is the
 * server's own text for an unexpected error (src/server/http/error-handler.ts), so both read alike.
 */
export const GENERIC_ERROR_TEXT = 'Something went wrong. Please try again.';

/**
 * What each error code means to the person, for an answer that carries a known `code` but no
 * message. The server's own `message` is the spec's text for the case and always wins; these are
 * the words when it is missing (src/web/lib/error-policy.ts).
 */
export const ERROR_TEXTS: Record<ErrorCode, string> = {
  VALIDATION_ERROR: 'Some of the information is not valid. Please check it and try again.',
  MALFORMED_JSON: 'The request could not be read. Please try again.',
  MALFORMED_MULTIPART: 'The upload could not be read. Please try again.',
  BAD_REQUEST: 'Bad request',
  INVALID_CURSOR: 'The list could not be continued. Please reload the page.',
  PAYLOAD_TOO_LARGE: 'That is too large to send.',
  UNSUPPORTED_MEDIA_TYPE: 'That kind of file is not supported.',
  TOO_MANY_FILES: 'Too many files at once.',
  TOO_MANY_PARTS: 'Too many files at once.',
  TOO_MANY_FIELDS: 'The request has too many fields.',
  UNAUTHORIZED: 'Authentication required',
  FORBIDDEN: 'You do not have permission to do that',
  CSRF_REJECTED: 'The page is out of date. Please reload it and try again.',
  ACCOUNT_SUSPENDED: 'This account is suspended.',
  INVALID_CREDENTIALS: 'Invalid username or password',
  INVALID_PASSWORD: 'The password is not correct.',
  INVALID_TOKEN: 'This link is not valid or has expired.',
  SECOND_FACTOR_REQUIRED: 'Enter the code from your authenticator app.',
  INVALID_CODE: 'That code is not valid.',
  LOGIN_EXPIRED: 'The sign-in took too long. Please sign in again.',
  INVALID_PASSKEY: 'That passkey could not be used.',
  CANNOT_CHANGE_SELF: 'You cannot change that on your own account.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  NOT_FOUND: 'Not found',
  CONFLICT: 'That changed in the meantime. Please reload and try again.',
  ALREADY_EXISTS: 'That already exists.',
  INVALID_MODEL_STATUS: 'The model cannot do that in its current state.',
  INVALID_UPLOAD_STATUS: 'The photos cannot be changed now.',
  UPLOAD_IN_PROGRESS: 'An upload is still in progress.',
  NO_FILES: 'No files were sent.',
  NOT_ENOUGH_IMAGES: 'Not enough images to train the model.',
  TOO_MANY_IMAGES: 'Too many images.',
  IMAGE_TOO_LARGE: 'An image is too large.',
  DUPLICATE_IMAGE: 'That image is already uploaded.',
  FILE_TOO_LARGE: 'A file is too large.',
  UNSUPPORTED_IMAGE: 'That image type is not supported.',
  NO_WEIGHTS: 'The model has no trained weights yet.',
  NO_AIR_ID: 'The model has not been uploaded to the image engine.',
  CONSENT_REQUIRED: 'Your consent is needed first.',
  PHOTOS_DELETED: 'The training photos have been deleted.',
  MODEL_NOT_READY: 'The model is not ready yet.',
  INVALID_BASE_MODEL: 'That base model is not available.',
  INCOMPATIBLE_BASE_MODEL: 'These models do not share a base model.',
  NSFW_DISABLED: 'NSFW content is turned off for your account.',
  STALE_COST: 'The price changed. Please check it and try again.',
  INSUFFICIENT_TOKENS: 'Not enough tokens.',
  GENERATION_FAILED: 'The images could not be generated.',
  UPSCALE_FAILED: 'The image could not be upscaled.',
  UPSCALE_TOO_LARGE: 'The image is too large to upscale.',
  ANALYSIS_FAILED: 'There was an error analyzing your image. Please try again.',
  PACKAGE_NOT_FOUND: 'That token package is not available.',
  PACKAGE_MISMATCH: 'The payment does not match the package.',
  PAYMENT_MISMATCH: 'The payment does not match the package.',
  PAYMENT_NOT_COMPLETED: 'The payment did not succeed.',
  PAYMENT_PROVIDER_UNAVAILABLE: 'Payments are not available right now. Please try again later.',
  WEBHOOK_SIGNATURE_INVALID: 'The payment notice could not be verified.',
  INTERNAL: GENERIC_ERROR_TEXT,
};
