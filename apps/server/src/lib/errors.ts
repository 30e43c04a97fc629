import type { ErrorCode } from '@postflow/contract';

const statusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream_unavailable: 502,
  busy: 503,
  internal: 500,
};

/**
 * The one error type services throw for outcomes the caller should see. The HTTP layer maps it to
 * `{ error: { code, message, fields? } }` in one place; anything else becomes a logged 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { fields?: Record<string, string>; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = statusByCode[code];
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const unauthorized = (message = 'Please sign in again.') => new AppError('unauthorized', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields ? { fields } : {});
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('validation_failed', message, fields ? { fields } : {});
