import type { ErrorCode } from '../../shared/error-codes';

// One typed error for the whole server; the error handler turns it into the docs/product/interfaces.md body.
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (
  message: string,
  fields?: Record<string, string>,
  code: ErrorCode = 'VALIDATION_ERROR',
) => new AppError(400, code, message, fields);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that', code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT', extra?: Record<string, unknown>) =>
  new AppError(409, code, message, undefined, extra);
export const insufficientTokens = (message: string, extra?: Record<string, unknown>) =>
  new AppError(402, 'INSUFFICIENT_TOKENS', message, undefined, extra);
