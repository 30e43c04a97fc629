import type { MediaUpload } from '../../providers/social/social-provider';
import type { Log } from '../../lib/logger';
import { processImage } from '../media/image-processing';
import { imageFetchOptions, type LinkFetchPolicy } from './link-fetch-limits';
import { guardedFetch } from './safe-fetch';

/** LinkedIn shows an article's thumbnail small: a picture this wide is plenty and uploads fast. */
const THUMBNAIL_BOX = { width: 1200, height: 1200 };

/**
 * A link card's picture, ready to upload as the article's thumbnail (docs/networks.md, LinkedIn ·
 * Article posts): fetched under the same guard as the page, checked by its bytes and re-encoded as
 * every uploaded image is. A picture that cannot be had leaves the card without one (undefined):
 * the card's title and link still make the post.
 */
export async function fetchCardThumbnail(policy: LinkFetchPolicy, imageUrl: string, log: Log): Promise<MediaUpload | undefined> {
  try {
    const fetched = await guardedFetch(imageUrl, imageFetchOptions(policy));
    const image = await processImage(fetched.body, THUMBNAIL_BOX);
    return { bytes: image.bytes, mimeType: image.mimeType };
  } catch (error) {
    log.warn({ err: error, imageUrl }, 'link card picture unavailable; the card goes without it');
    return undefined;
  }
}
