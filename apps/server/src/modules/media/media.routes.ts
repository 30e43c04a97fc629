import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MediaService } from './media.service';

export type ByteRange = { start: number; end: number };

/**
 * The one range a `Range` header asks of a file of `size` bytes (RFC 9110, 14.1.2 and 14.2):
 * `bytes=first-last`, `bytes=first-` or `bytes=-suffix`. Undefined means "send the whole file":
 * no header, another unit, several ranges (a server may ignore Range), or a malformed one.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '') {
    if (last === '') return undefined;
    const suffix = Number(last);
    return suffix > 0 && size > 0 ? { start: Math.max(0, size - suffix), end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? undefined : { start, end };
}

/**
 * Media are addressed by an unguessable id, so <img> and <video> tags work without a bearer token.
 * An id's bytes never change, but the file is deleted with the last post or profile showing it, so
 * caches keep it only as long as we still serve it: every use revalidates by ETag (decision 110).
 * The bytes stream from storage, a single range at a time when asked (a video player seeking),
 * never read whole into memory (docs/decisions/153-media-streaming.md).
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
    const { record, file } = found;
    const etag = `"${record.id}"`;
    reply.header('cache-control', 'public, no-cache').header('etag', etag).header('accept-ranges', 'bytes');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    // A range of another version would splice two files; ours never change, but a stale validator still gets the whole file.
    const ifRange = request.headers['if-range'];
    const range = ifRange === undefined || ifRange === etag ? requestedRange(request.headers.range, file.size) : undefined;
    if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${file.size}`).send();
    reply.type(record.mimeType).header('content-disposition', 'inline');
    if (!range) return reply.header('content-length', file.size).send(file.stream());
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(file.stream(range));
  });
}
