import type { MediaUpload } from '../social-provider';
import type { LinkedInCall } from './linkedin-errors';
import { linkedInImageUploadSchema } from './linkedin-schemas';
import { orThrowUpload, restAction, trustedUploadUrl, type LinkedInUploadContext } from './linkedin-uploads';

const CALL: LinkedInCall = { kind: 'write', subject: 'the image' };

/**
 * docs/networks.md, LinkedIn · Image upload: initialise an upload owned by the post's author, then PUT the bytes with the same bearer
 * token. Self-serve tokens cannot read `/rest/images` to poll the status (docs/networks.md, LinkedIn · Image upload), so the post is
 * created right after the PUT. Returns the image urn.
 */
export async function uploadLinkedInImage(context: LinkedInUploadContext, owner: string, media: MediaUpload): Promise<string> {
  const { value } = await restAction(
    context,
    CALL,
    '/rest/images?action=initializeUpload',
    { initializeUploadRequest: { owner } },
    linkedInImageUploadSchema,
  );
  const uploadUrl = trustedUploadUrl(context, value.uploadUrl, 'the image');
  const put = await context.http({
    method: 'PUT',
    url: uploadUrl.toString(),
    headers: { authorization: `Bearer ${context.accessToken}`, 'content-type': media.mimeType },
    body: Uint8Array.from(media.bytes),
    kind: 'write',
    timeoutMs: context.uploadTimeoutMs,
  });
  orThrowUpload(context, put, CALL);
  return value.image;
}
