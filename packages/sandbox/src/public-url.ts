import type { FastifyRequest } from 'fastify';

/** The sandbox's own address as the client reached it, for URLs it hands out (avatars, upload URLs). */
export function publicBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}
