import type { FastifyInstance } from 'fastify';
import { escapeHtml as e } from '../consent/html';
import { publicBaseUrl } from '../public-url';
import { samplePicture } from './sample-picture';

export const SAMPLE_ARTICLE_PATH = '/_sandbox/pages/article';

/** What the sample article says about itself (its Open Graph tags), for tests to compare with. */
export const SAMPLE_ARTICLE = {
  title: 'Ten ways to plan a week of posts',
  description: 'A sample article served by the Postflow sandbox, so link cards can be tried offline.',
  siteName: 'Postflow sandbox',
} as const;

/**
 * A page with Open Graph and Twitter card tags and its picture, so a link card can be tried with no
 * site on the internet (docs/decisions/149-link-cards.md): paste `${sandbox}/_sandbox/pages/article`
 * into the composer.
 */
export function registerSampleArticleRoutes(app: FastifyInstance): void {
  let picture: Buffer | undefined;
  app.get(`${SAMPLE_ARTICLE_PATH}.png`, async (_request, reply) => {
    picture ??= samplePicture();
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(picture);
  });
  app.get(SAMPLE_ARTICLE_PATH, async (request, reply) => {
    const base = publicBaseUrl(request);
    const url = `${base}${SAMPLE_ARTICLE_PATH}`;
    const image = `${base}${SAMPLE_ARTICLE_PATH}.png`;
    const { title, description, siteName } = SAMPLE_ARTICLE;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(title)} · ${e(siteName)}</title>
<meta name="description" content="${e(description)}">
<meta property="og:type" content="article">
<meta property="og:url" content="${e(url)}">
<meta property="og:title" content="${e(title)}">
<meta property="og:description" content="${e(description)}">
<meta property="og:image" content="${e(image)}">
<meta property="og:site_name" content="${e(siteName)}">
<meta name="twitter:card" content="summary_large_image">
</head><body><main style="max-width:40rem;margin:2rem auto;font-family:system-ui,sans-serif">
<h1>${e(title)}</h1><img src="${e(image)}" alt="" style="width:100%"><p>${e(description)}</p>
</main></body></html>`);
  });
}
