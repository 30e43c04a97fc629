import type { MediaUpload } from '../../providers/social/social-provider';
import type { Log } from '../../lib/logger';
import type { ImageBox, ProcessedImage } from '../media/image-processing';
import { imageFetchOptions, type LinkFetchPolicy } from './link-fetch-limits';
import { guardedFetch } from './safe-fetch';

/** LinkedIn shows an article's thumbnail small: a picture this wide is plenty and uploads fast. */
const THUMBNAIL_BOX = { width: 1200, height: 1200 };

/**
 * A link card's picture, ready to upload as the article's thumbnail (docs/networks.md, LinkedIn ·
 * Article posts): fetched under the same guard as the page, checked by its bytes and re-encoded as
 * every uploaded image is, by `reencode`, which takes its turn in the image queue like uploads do
 * (decision 111, docs/decisions/153-media-streaming.md). A picture that cannot be had (or no turn
 * at once while the queue is full) leaves the card without one (undefined): the card's title and
 * link still make the post.
 */
export async function fetchCardThumbnail(
  policy: LinkFetchPolicy,
  imageUrl: string,
  log: Log,
  reencode: (bytes: Buffer, box: ImageBox) => Promise<ProcessedImage>,
): Promise<MediaUpload | undefined> {
  try {
    const fetched = await guardedFetch(imageUrl, imageFetchOptions(policy));
    const image = await reencode(fetched.body, THUMBNAIL_BOX);
    return { bytes: image.bytes, mimeType: image.mimeType };
  } catch (error) {
    log.warn({ err: error, imageUrl }, 'link card picture unavailable; the card goes without it');
    return undefined;
  }
}
