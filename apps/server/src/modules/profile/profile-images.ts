import sharp from 'sharp';
import { AppError } from '../../lib/errors';
import type { ProcessedImage } from '../media/image-processing';

/** The largest box a stored picture may fill; `height` undefined means any height. */
export interface ImageBox {
  width: number;
  height?: number;
}

/**
 * Scales an image that was already checked and re-encoded (media's `prepare`) down into `box`,
 * keeping its format and proportions; one that fits is returned untouched, so it is not encoded twice.
 */
export async function fitInto(image: ProcessedImage, box: ImageBox): Promise<ProcessedImage> {
  if (image.width <= box.width && (box.height === undefined || image.height <= box.height)) return image;
  const animated = image.mimeType === 'image/gif';
  try {
    const resized = sharp(image.bytes, { animated }).resize({
      width: box.width,
      ...(box.height !== undefined ? { height: box.height } : {}),
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      image.mimeType === 'image/jpeg'
        ? resized.jpeg({ quality: 90, mozjpeg: true })
        : image.mimeType === 'image/png'
          ? resized.png({ compressionLevel: 9 })
          : resized.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const height = animated && info.pageHeight ? info.pageHeight : info.height;
    return { bytes: data, mimeType: image.mimeType, width: info.width, height };
  } catch (error) {
    throw new AppError('unsupported_media_type', 'That image could not be resized; it may be damaged. Try another file.', { cause: error });
  }
}
