import { MEDIA_LIMITS } from '@postflow/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { ByteSource } from '../../lib/byte-source';
import { AppError } from '../../lib/errors';
import type { ImageType } from './image-processing';
import { probeMp4 } from './probes/mp4-probe';
import { probePdf } from './probes/pdf-probe';
import { probePptx } from './probes/pptx-probe';

export type MediaKind = 'image' | 'video' | 'document';
export const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
export type DocumentType = 'application/pdf' | typeof PPTX;
export type MediaMimeType = ImageType | 'video/mp4' | DocumentType;

/** A video or document checked from its bytes, before it is stored. Images go through `processImage` instead. */
export interface InspectedFile {
  kind: 'video' | 'document';
  mimeType: 'video/mp4' | DocumentType;
  width?: number | undefined;
  height?: number | undefined;
  durationMs?: number | undefined;
  pages?: number | undefined;
  videoCodec?: string | undefined;
}

/** What the file-type sniffing reads: its signatures sit in the first few kilobytes. */
const HEAD_BYTES = 64 * 1024;

/** The start of a file, enough to tell its type by its signature. */
export const headOf = (file: ByteSource) => file.read(0, HEAD_BYTES);

/** Whether a file's first bytes look like an image: those are re-encoded by `processImage`, which has its own checks and words. */
export async function looksLikeImage(head: Buffer): Promise<boolean> {
  const detected = await fileTypeFromBuffer(head);
  return Boolean(detected?.mime.startsWith('image/'));
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const refuse = (message: string) => new AppError('unsupported_media_type', message);

/** Longest and shortest a video may be on any network: what no network takes is refused at upload. */
const anyVideoMaxMs = Math.max(MEDIA_LIMITS.x.videoMaxMs, MEDIA_LIMITS.linkedin.videoMaxMs);
const anyVideoMinMs = Math.min(MEDIA_LIMITS.x.videoMinMs, MEDIA_LIMITS.linkedin.videoMinMs);

/** "3 min 10 s", "45 s", "1.5 s": how the composer and messages say a length. */
export function formatDuration(ms: number): string {
  if (ms < 10_000 && ms % 1000 !== 0) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (!minutes) return `${seconds} s`;
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
}

async function inspectVideo(name: string, file: ByteSource): Promise<InspectedFile> {
  const probe = await probeMp4(file);
  if (!probe.ok) {
    const why = {
      not_mp4: `${name} is not an MP4 video; upload MP4 (H.264).`,
      quicktime: `${name} is a QuickTime movie, not MP4; export it as MP4 (H.264) and try again.`,
      no_movie: `${name} has no movie header (moov box); it may be cut off. Export it again as MP4.`,
      damaged: `${name} could not be read as an MP4; it may be damaged. Export it again as MP4.`,
    } as const;
    throw refuse(why[probe.reason]);
  }
  const { facts } = probe;
  if (!facts.video) throw refuse(`${name} has no video track (only sound); upload a video.`);
  // Some screen recorders and streaming exports leave the length out of the movie header.
  if (facts.durationMs === 0)
    throw refuse(
      `${name} does not say how long it is (its movie header gives a length of 0), so the networks cannot take it. Export it again as MP4 (H.264).`,
    );
  if (facts.durationMs > anyVideoMaxMs)
    throw refuse(`${name} is ${formatDuration(facts.durationMs)}; videos can be up to ${formatDuration(anyVideoMaxMs)} (LinkedIn).`);
  if (facts.durationMs < anyVideoMinMs)
    throw refuse(`${name} is ${formatDuration(facts.durationMs)}; videos must be at least ${formatDuration(anyVideoMinMs)} long.`);
  return {
    kind: 'video',
    mimeType: 'video/mp4',
    width: facts.video.width || undefined,
    height: facts.video.height || undefined,
    durationMs: facts.durationMs,
    videoCodec: facts.video.codec,
  };
}

function inspectDocument(name: string, size: number, mimeType: DocumentType, pages: number | undefined): InspectedFile {
  const limits = MEDIA_LIMITS.linkedin;
  if (size > limits.documentBytes) throw refuse(`${name} is ${mb(size)}; LinkedIn takes documents up to ${mb(limits.documentBytes)}.`);
  if (pages !== undefined && pages > limits.documentPages)
    throw refuse(`${name} has ${pages} pages; LinkedIn takes documents of up to ${limits.documentPages} pages.`);
  return { kind: 'document', mimeType, pages };
}

/**
 * What a non-image upload is, from its bytes (never its name or declared type): an MP4 with an
 * H.264 or other video track, a PDF, or a PowerPoint file; anything else is refused with a 415
 * naming the file. Limits that depend on the network are checked when the post is composed.
 */
export async function inspectFile(name: string, file: ByteSource): Promise<InspectedFile> {
  const head = await headOf(file);
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return inspectVideo(name, file);
  // Too big to be a document LinkedIn takes: refused before its bytes are scanned.
  if (file.size > MEDIA_LIMITS.linkedin.documentBytes && head.subarray(0, 1024).includes('%PDF-'))
    return inspectDocument(name, file.size, 'application/pdf', undefined);
  const pdf = await probePdf(file);
  if (pdf.ok) return inspectDocument(name, file.size, 'application/pdf', pdf.pages);
  const pptx = await probePptx(file);
  if (pptx.ok) return inspectDocument(name, file.size, PPTX, pptx.slides || undefined);
  const detected = await fileTypeFromBuffer(head);
  if (detected?.mime.startsWith('video/')) throw refuse(`${name} is a ${detected.ext.toUpperCase()} video; upload MP4 (H.264).`);
  if (name.toLowerCase().endsWith('.pdf')) throw refuse(`${name} is not a PDF (it does not start with %PDF-); export it as PDF again.`);
  throw refuse(
    detected
      ? `${name} is ${detected.ext.toUpperCase()}; upload an image (JPG, PNG, GIF), an MP4 video, or a PDF or PPTX document.`
      : `${name} is not an image, MP4 video, PDF or PPTX file.`,
  );
}
