import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MediaService } from './media.service';

/**
 * Images are addressed by an unguessable id, so <img> tags work without a bearer token. An id's
 * bytes never change, but the image is deleted with the last post or profile showing it, so
 * caches keep it only as long as we still serve it: every use revalidates by ETag (decision 110).
 */
export function registerMediaRoutes(app: FastifyInstance, media: MediaService) {
  app.get('/media/:id', { schema: { hide: true } }, async (request, reply) => {
    const params = z.object({ id: z.uuid() }).safeParse(request.params);
    const found = params.success ? await media.read(params.data.id) : undefined;
    if (!found)
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'not_found', message: 'No such image.' } });
    const etag = `"${found.record.id}"`;
    reply.header('cache-control', 'public, no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(found.record.mimeType).header('content-disposition', 'inline').send(found.bytes);
  });
}
