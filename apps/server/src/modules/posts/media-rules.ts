import { MEDIA_LIMITS, networkName, type Network } from '@postflow/contract';
import { AppError } from '../../lib/errors';
import { formatDuration } from '../media/media-kinds';
import { isH264 } from '../media/probes/mp4-probe';

/** What the rules need to know of one attached file, uploaded now or earlier. */
export interface AttachedFile {
  fileName: string;
  kind: 'image' | 'video' | 'document';
  mimeType: string;
  byteSize: number;
  durationMs: number | null | undefined;
  videoCodec: string | null | undefined;
}

/** A stored file as the rules read it (older images were stored without their name). */
export function attachedFileOf(record: Omit<AttachedFile, 'fileName'> & { fileName: string | null }): AttachedFile {
  return { ...record, fileName: record.fileName ?? 'The attached file' };
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const invalid = (message: string, field: string) => new AppError('validation_failed', message, { fields: { [field]: message } });

function checkImages(network: Network, files: readonly AttachedFile[]) {
  const limits = MEDIA_LIMITS[network];
  const name = networkName(network);
  if (files.length > limits.images)
    throw invalid(
      `${name} takes up to ${limits.images} images in a post; ${files[limits.images]?.fileName} is number ${limits.images + 1}.`,
      'media',
    );
  const gifs = files.filter((file) => file.mimeType === 'image/gif');
  if (network === 'x' && gifs.length && files.length > 1)
    throw invalid(`X takes a GIF on its own: post ${gifs[0]?.fileName} without other images.`, 'media');
  files.forEach((file, index) => {
    const max = file.mimeType === 'image/gif' ? limits.gifBytes : limits.imageBytes;
    if (file.byteSize > max)
      throw invalid(`${file.fileName} is ${mb(file.byteSize)}; ${name} takes images up to ${mb(max)}.`, `media.${index}`);
  });
}

function checkVideo(network: Network, file: AttachedFile) {
  const limits = MEDIA_LIMITS[network];
  const name = networkName(network);
  if (file.videoCodec && !isH264(file.videoCodec))
    throw invalid(`${file.fileName} is encoded as ${file.videoCodec}; ${name} takes H.264 video. Export it as H.264 MP4.`, 'media.0');
  if (file.byteSize > limits.videoBytes)
    throw invalid(`${file.fileName} is ${mb(file.byteSize)}; ${name} takes videos up to ${mb(limits.videoBytes)}.`, 'media.0');
  const length = file.durationMs ?? 0;
  if (length > limits.videoMaxMs)
    throw invalid(
      `${file.fileName} is ${formatDuration(length)}; ${name} takes videos up to ${formatDuration(limits.videoMaxMs)}.`,
      'media.0',
    );
  if (length < limits.videoMinMs)
    throw invalid(
      `${file.fileName} is ${formatDuration(length)}; ${name} takes videos of at least ${formatDuration(limits.videoMinMs)}.`,
      'media.0',
    );
}

/**
 * Refuses, before anything is stored, what a chosen network would refuse at publish time
 * (docs/networks.md, media limits; docs/decisions/147-media-app.md): a post carries images, one
 * video or one document (LinkedIn only, with a title), within each network's counts, sizes,
 * lengths, codec and alt-text length. Messages name the file or the field.
 */
export function checkAttachments(
  networks: readonly Network[],
  files: readonly AttachedFile[],
  alts: readonly string[],
  documentTitle: string | undefined,
): void {
  if (alts.length > files.length) throw invalid(`There are ${alts.length} alt texts for ${files.length} attached files.`, 'media');
  if (!files.length) return;
  const kinds = new Set(files.map((file) => file.kind));
  if (kinds.size > 1 || (!kinds.has('image') && files.length > 1))
    throw invalid('Attach images, or one video, or one document; not a mix of them or several videos or documents.', 'media');
  for (const network of networks) {
    const limits = MEDIA_LIMITS[network];
    alts.forEach((alt, index) => {
      if (alt.length > limits.altTextLength)
        throw invalid(
          `The alt text of ${files[index]?.fileName} is ${alt.length} characters; ${networkName(network)} takes up to ${limits.altTextLength}.`,
          `media.${index}.alt`,
        );
    });
    const [first] = files as [AttachedFile];
    if (first.kind === 'image') checkImages(network, files);
    else if (first.kind === 'video') checkVideo(network, first);
    else if (!limits.documents)
      throw invalid(`${networkName(network)} does not take documents; post ${first.fileName} to LinkedIn only.`, 'media.0');
  }
  if (files[0]?.kind === 'document') {
    const titleLimit = MEDIA_LIMITS.linkedin.documentTitleLength;
    if (!documentTitle?.trim()) throw invalid(`Give ${files[0].fileName} a title; LinkedIn shows it above the document.`, 'document.title');
    if (documentTitle.length > titleLimit)
      throw invalid(`The document title is ${documentTitle.length} characters; LinkedIn takes up to ${titleLimit}.`, 'document.title');
  }
}
