import type { FastifyError, FastifyInstance } from 'fastify';
import { linkedInError, linkedInServerError } from './linkedin/linkedin-errors';
import { X_PROBLEM_BASE, xServerError } from './x/x-errors';

function xBody(status: number, message: string): unknown {
  if (status >= 500) return xServerError(status).body;
  if (status === 413) return { title: 'Payload Too Large', detail: message, type: 'about:blank', status };
  return {
    errors: [{ parameters: {}, message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: `${X_PROBLEM_BASE}invalid-request`,
  };
}

/**
 * Errors that escape a route (body too large, unsupported media type, a bug) still answer in
 * the network's own format, chosen by the mount point.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) console.error(`Sandbox error on ${request.method} ${request.url}:`, error);
    const url = request.url;
    if (url.startsWith('/x/')) return reply.code(status).send(xBody(status, error.message));
    if (url.startsWith('/linkedin/')) {
      const body = status >= 500 ? linkedInServerError(status).body : linkedInError(status, error.message).body;
      return reply.code(status).send(body);
    }
    return reply.code(status).send({ error: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/x/')) {
      return reply.code(404).send({ errors: [{ message: 'Sorry, that page does not exist', code: 34 }] });
    }
    if (url.startsWith('/linkedin/')) {
      return reply.code(404).send({ status: 404, serviceErrorCode: 0, code: 'RESOURCE_NOT_FOUND', message: 'No virtual resource found' });
    }
    return reply.code(404).send({ error: `No sandbox route for ${request.method} ${url.split('?')[0]}` });
  });
}
