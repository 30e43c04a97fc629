import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built React app: hashed assets served with long caching, `index.html` for every page
 * navigation no API route claims (the client-side router takes it from there), and `/config.js`,
 * which tells the app its API base address at run time (empty: its own origin).
 */
export async function registerWebApp(app: FastifyInstance, options: { distDir: string | undefined; apiBaseUrl: string }) {
  const configScript = `window.__POSTFLOW_CONFIG__ = ${JSON.stringify({ apiBaseUrl: options.apiBaseUrl })};\n`;
  app.get('/config.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

  const indexFile = options.distDir ? path.join(options.distDir, 'index.html') : undefined;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (options.distDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // scripts/build.mjs writes .br and .gz copies; browsers that accept them get those.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  return function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
    const accept = request.headers.accept ?? '';
    const pathname = request.url.split('?')[0];
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // `curl http://host/` asks for anything: the root is never an API call, so it gets the page.
    const wantsPage = isRead && (accept.includes('text/html') || (pathname === '/' && (accept === '' || accept.includes('*/*'))));
    if (wantsPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm start` (or `npm run build`) from the repository root.');
    }
    return reply.code(404).send({ error: { code: 'not_found', message: `There is no API call ${request.method} ${pathname}.` } });
  };
}
