import { IMAGE_MAX_BYTES } from '@postflow/contract';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif';

export interface ProcessedImage {
  bytes: Buffer;
  mimeType: ImageType;
  width: number;
  height: number;
}

const accepted: Record<string, ImageType> = { 'image/jpeg': 'image/jpeg', 'image/png': 'image/png', 'image/gif': 'image/gif' };
// The networks refuse bigger images (LinkedIn: under 36,152,320 pixels).
const MAX_PIXELS = 36_000_000;

/**
 * Checks an upload by its content (magic bytes), never its name or declared type, and re-encodes
 * it: what we store and send is an image we produced, without the uploader's metadata (EXIF
 * location, camera serials) and rotated as its EXIF said.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_MAX_BYTES) {
    throw new AppError('payload_too_large', `The image is ${(input.length / 1024 / 1024).toFixed(1)} MB; images can be up to 10 MB.`);
  }
  const detected = await fileTypeFromBuffer(input);
  const mimeType = detected ? accepted[detected.mime] : undefined;
  if (!mimeType) {
    throw new AppError(
      'unsupported_media_type',
      detected
        ? `That file is ${detected.ext.toUpperCase()}; upload a JPG, PNG or GIF image.`
        : 'That file is not an image; upload a JPG, PNG or GIF.',
    );
  }
  try {
    const animated = mimeType === 'image/gif';
    const image = sharp(input, { animated, limitInputPixels: MAX_PIXELS }).rotate();
    const encoded =
      mimeType === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : mimeType === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const height = animated && info.pageHeight ? info.pageHeight : info.height;
    return { bytes: data, mimeType, width: info.width, height };
  } catch (error) {
    throw new AppError('unsupported_media_type', 'That image could not be read; it may be damaged. Try another file.', { cause: error });
  }
}
