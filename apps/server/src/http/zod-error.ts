import type { z } from 'zod';
import { AppError } from '../lib/errors';

/** A failed parse of something we validate ourselves (e.g. a multipart part), as our 400. */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return new AppError('validation_failed', error.issues[0]?.message ?? 'The request is not valid.', { fields });
}
