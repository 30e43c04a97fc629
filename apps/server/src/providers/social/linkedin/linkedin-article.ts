import { Rejected } from '../errors';
import type { ArticleShare, MediaUpload } from '../social-provider';

/** The fields of `content.article` (docs/networks.md, LinkedIn · Article posts). */
export interface LinkedInArticleContent {
  source: string;
  title: string;
  description?: string;
  thumbnail?: string;
}

/**
 * docs/networks.md, LinkedIn · Article posts: LinkedIn does not read the page, so the card is what we
 * send: the address, its title and description, and a thumbnail uploaded through the Images API by
 * the post's author. `uploadThumbnail` answers the image urn.
 */
export async function linkedInArticle(
  article: ArticleShare,
  uploadThumbnail: (thumbnail: MediaUpload) => Promise<string>,
): Promise<LinkedInArticleContent> {
  if (!/^https?:\/\//i.test(article.url))
    throw new Rejected('LinkedIn refused the link card: its address must start with http:// or https://.');
  if (!article.title.trim()) throw new Rejected('LinkedIn refused the link card: it needs a title.');
  const thumbnail = article.thumbnail ? await uploadThumbnail(article.thumbnail) : undefined;
  return {
    source: article.url,
    title: article.title,
    ...(article.description ? { description: article.description } : {}),
    ...(thumbnail ? { thumbnail } : {}),
  };
}
