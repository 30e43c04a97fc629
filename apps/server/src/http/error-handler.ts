import type { ErrorResponse } from '@postflow/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isPassingDatabaseError } from '../lib/database-errors';
import { AppError } from '../lib/errors';

const fieldPath = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

const partName: Record<string, string> = { body: 'request body', querystring: 'query', params: 'address' };

/** RFC 9110 §11.6.1: a 401 names the scheme it wants, so a client can tell a missing key from a refused one. */
export const BEARER_CHALLENGE = 'Bearer realm="Postflow"';

function sendError(reply: FastifyReply, status: number, error: ErrorResponse['error']) {
  return reply.status(status).type('application/json; charset=utf-8').send({ error });
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large, …) in our words. */
function describeFrameworkError(error: FastifyError): { status: number; error: ErrorResponse['error'] } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, error: { code: 'payload_too_large', message: 'The request is too large.' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        error: { code: 'unsupported_media_type', message: 'Send the request as JSON, with the header Content-Type: application/json.' },
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, error: { code: 'bad_request', message: 'The request body is not valid JSON.' } };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, error: { code: 'payload_too_large', message: 'The image is larger than 10 MB. Choose a smaller one.' } };
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return {
        status: 413,
        error: { code: 'payload_too_large', message: 'The upload has too many parts: send one "data" part and at most one image.' },
      };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        status: 415,
        error: {
          code: 'unsupported_media_type',
          message: 'Send this as multipart/form-data, with a JSON part named "data" and an optional "image".',
        },
      };
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
      return { status: 400, error: { code: 'bad_request', message: 'The upload is incomplete or malformed. Please try again.' } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, error: { code: 'bad_request', message: 'The request body does not match its Content-Length.' } };
    default:
      return undefined;
  }
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.options.retryAfterSeconds));
      if (error.status === 401) reply.header('www-authenticate', BEARER_CHALLENGE);
      return sendError(reply, error.status, {
        code: error.code,
        message: error.message,
        ...(error.options.fields ? { fields: error.options.fields } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = fieldPath(issue.instancePath ?? '') || (error.validationContext ?? 'body');
        fields[path] ??= issue.message ?? 'This value is not valid';
      }
      const first = error.validation[0];
      const where = partName[error.validationContext ?? 'body'] ?? 'request';
      const message = first?.message ?? `The ${where} is not valid.`;
      return sendError(reply, 400, { code: 'validation_failed', message, fields });
    }

    const known = describeFrameworkError(error);
    if (known) return sendError(reply, known.status, known.error);

    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 429, { code: 'rate_limited', message: 'Too many requests. Wait a moment and try again.' });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, status, { code: status === 404 ? 'not_found' : 'bad_request', message: error.message });
    }

    // The database out of reach or every pooled connection taken: nothing the client did, and a
    // retry a moment later usually succeeds, so 503 with Retry-After rather than 500.
    if (isPassingDatabaseError(error)) {
      request.log.warn({ err: error }, 'database busy or out of reach');
      reply.header('retry-after', '1');
      return sendError(reply, 503, { code: 'busy', message: 'Postflow is busy right now. Try again in a moment.' });
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { code: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });
}
