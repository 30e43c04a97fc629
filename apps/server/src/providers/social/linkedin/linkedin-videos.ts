import { chunksOf } from '../../../lib/byte-source';
import { Unavailable } from '../errors';
import type { VideoUpload } from '../social-provider';
import type { LinkedInCall } from './linkedin-errors';
import { linkedInVideoUploadSchema } from './linkedin-schemas';
import {
  orThrowUpload,
  restAction,
  trustedUploadUrl,
  waitUntilAvailable,
  withPartRetry,
  type LinkedInUploadContext,
} from './linkedin-uploads';
import { z } from 'zod';

const CALL: LinkedInCall = { kind: 'write', subject: 'the video' };

/**
 * docs/networks.md, LinkedIn · Video upload: initializeUpload with the size, PUT each byte range LinkedIn asks for, streamed
 * from the file one at a time (keeping each answer's ETag), finalizeUpload with the ETags in order, then wait until the video
 * is AVAILABLE. Returns the video urn.
 */
export async function uploadLinkedInVideo(context: LinkedInUploadContext, owner: string, video: VideoUpload): Promise<string> {
  const { value } = await restAction(
    context,
    CALL,
    '/rest/videos?action=initializeUpload',
    { initializeUploadRequest: { owner, fileSizeBytes: video.file.size, uploadCaptions: false, uploadThumbnail: false } },
    linkedInVideoUploadSchema,
  );
  const partIds: string[] = [];
  for (const instruction of value.uploadInstructions) {
    const url = trustedUploadUrl(context, instruction.uploadUrl, 'the video');
    const range = { from: instruction.firstByte, to: Math.min(instruction.lastByte + 1, video.file.size) };
    const etag = await withPartRetry(async () => {
      // Part URLs are pre-signed: the bearer token is not sent to them. The part streams from the
      // file as it is sent, and a part sent again is read again.
      const put = await context.http({
        method: 'PUT',
        url: url.toString(),
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(range.to - range.from) },
        body: chunksOf(video.file, range),
        kind: 'write',
        timeoutMs: context.uploadTimeoutMs,
      });
      const header = orThrowUpload(context, put, CALL).headers.get('etag');
      if (!header) throw new Unavailable('LinkedIn accepted a part of the video without an ETag; the upload cannot be finished.');
      return header;
    });
    partIds.push(etag);
  }
  await restAction(
    context,
    CALL,
    '/rest/videos?action=finalizeUpload',
    { finalizeUploadRequest: { video: value.video, uploadToken: value.uploadToken ?? '', uploadedPartIds: partIds } },
    z.unknown(),
  );
  await waitUntilAvailable(context, 'videos', value.video, CALL);
  return value.video;
}
