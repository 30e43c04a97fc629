import type { MediaKind, Network } from '@postflow/contract';
import { MEDIA_LIMITS } from '@postflow/contract/client';

/** What the picker offers: images, MP4 video, PDF and PowerPoint, by type and by name. */
export const MEDIA_ACCEPT = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'video/mp4',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.mp4',
  '.pdf',
  '.pptx',
].join(',');

/** A quick guess from the declared type or the name; the server decides from the bytes (docs/decisions/147-media-app.md). */
export function kindOf(file: Pick<File, 'name' | 'type'>): MediaKind | undefined {
  const type = file.type.toLowerCase();
  if (/^image\/(jpeg|png|gif)$/.test(type) || /\.(jpe?g|png|gif)$/i.test(file.name)) return 'image';
  if (type === 'video/mp4' || /\.mp4$/i.test(file.name)) return 'video';
  if (type === 'application/pdf' || type.includes('presentationml') || /\.(pdf|pptx)$/i.test(file.name)) return 'document';
  return undefined;
}

/** The chosen networks' limits in words, shown before anything is uploaded. */
export function limitsText(platforms: readonly Network[]): string[] {
  const lines: string[] = [];
  if (platforms.includes('x'))
    lines.push(
      `X takes up to ${MEDIA_LIMITS.x.images} images (or one GIF), or one MP4 video up to ${MEDIA_LIMITS.x.videoMaxMs / 1000} seconds.`,
    );
  if (platforms.includes('linkedin'))
    lines.push(
      `LinkedIn takes up to ${MEDIA_LIMITS.linkedin.images} images, or one MP4 video up to ${MEDIA_LIMITS.linkedin.videoMaxMs / 60_000} minutes, or one PDF or PPTX document with a title.`,
    );
  return lines;
}

/** Why these files cannot go together on the chosen networks, or null; the server checks again. */
export function selectionProblem(kinds: readonly MediaKind[], platforms: readonly Network[]): string | null {
  if (!kinds.length) return null;
  const images = kinds.filter((kind) => kind === 'image').length;
  if (images !== kinds.length && kinds.length > 1) return 'Attach images, or one video, or one document; not a mix.';
  if (kinds[0] === 'document' && platforms.includes('x')) return 'X does not take documents; post a document to LinkedIn only.';
  for (const network of platforms) {
    const most = MEDIA_LIMITS[network].images;
    if (images > most) return `${network === 'x' ? 'X' : 'LinkedIn'} takes up to ${most} images.`;
  }
  return null;
}
