import { linkedInMissingField, linkedInSchemaError } from './linkedin-errors';

/** docs/networks.md, LinkedIn · Article posts: `thumbnailAltText` must be shorter than this. */
const MAX_THUMBNAIL_ALT_TEXT = 4086;

/** The card of an article post, as LinkedIn keeps it (docs/networks.md, LinkedIn · Article posts). */
export interface LinkedInArticle {
  source: string;
  title: string;
  description?: string;
  thumbnail?: string;
  thumbnailAltText?: string;
}

/**
 * `content.article` as LinkedIn documents it: `source` (an http(s) address) and `title` required,
 * `description`, `thumbnail` (an image urn the post's author uploaded; `checkImage` checks it
 * exists, is theirs and is available) and `thumbnailAltText` optional. An article is the post's one
 * content: it cannot ride along with images, a video or a document.
 */
export function checkArticle(
  content: Record<string, unknown>,
  checkImage: (path: string, urn: unknown) => void,
): LinkedInArticle | undefined {
  if (content.article === undefined) return undefined;
  const others = Object.keys(content).filter((key) => key !== 'article');
  if (others.length > 0) throw linkedInSchemaError('/content', `article cannot be combined with ${others.join(', ')}`);
  if (typeof content.article !== 'object' || content.article === null || Array.isArray(content.article)) {
    throw linkedInSchemaError('/content/article', 'expected a record');
  }
  const article = content.article as Record<string, unknown>;
  if (article.source === undefined) throw linkedInMissingField('/content/article/source');
  if (typeof article.source !== 'string' || !/^https?:\/\/[^\s/]+/i.test(article.source)) {
    throw linkedInSchemaError('/content/article/source', `"${String(article.source)}" is not a valid URL`);
  }
  if (article.title === undefined) throw linkedInMissingField('/content/article/title');
  if (typeof article.title !== 'string' || article.title.trim() === '')
    throw linkedInSchemaError('/content/article/title', 'expected a string');
  if (article.description !== undefined && typeof article.description !== 'string') {
    throw linkedInSchemaError('/content/article/description', 'expected a string');
  }
  if (article.thumbnail !== undefined) checkImage('/content/article/thumbnail', article.thumbnail);
  if (article.thumbnailAltText !== undefined) {
    if (typeof article.thumbnailAltText !== 'string') throw linkedInSchemaError('/content/article/thumbnailAltText', 'expected a string');
    if ([...article.thumbnailAltText].length >= MAX_THUMBNAIL_ALT_TEXT) {
      throw linkedInSchemaError('/content/article/thumbnailAltText', `must be shorter than ${MAX_THUMBNAIL_ALT_TEXT} characters`);
    }
  }
  return {
    source: article.source,
    title: article.title,
    ...(typeof article.description === 'string' ? { description: article.description } : {}),
    ...(typeof article.thumbnail === 'string' ? { thumbnail: article.thumbnail } : {}),
    ...(typeof article.thumbnailAltText === 'string' ? { thumbnailAltText: article.thumbnailAltText } : {}),
  };
}

/** The article a stored post carries, if any. */
export function articleOf(content: Record<string, unknown> | undefined): LinkedInArticle | undefined {
  const article = content?.article as LinkedInArticle | undefined;
  return article && typeof article.source === 'string' ? article : undefined;
}
