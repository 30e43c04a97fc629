import { chunksOf } from '../../../lib/byte-source';
import type { DocumentUpload } from '../social-provider';
import type { LinkedInCall } from './linkedin-errors';
import { linkedInDocumentUploadSchema } from './linkedin-schemas';
import { orThrowUpload, restAction, trustedUploadUrl, waitUntilAvailable, type LinkedInUploadContext } from './linkedin-uploads';

const CALL: LinkedInCall = { kind: 'write', subject: 'the document' };

/**
 * docs/networks.md, LinkedIn · Document upload: initializeUpload, one PUT of the whole file with the bearer token (streamed
 * from the file, never held whole), then wait until the document is AVAILABLE. Returns the document urn.
 */
export async function uploadLinkedInDocument(context: LinkedInUploadContext, owner: string, document: DocumentUpload): Promise<string> {
  const { value } = await restAction(
    context,
    CALL,
    '/rest/documents?action=initializeUpload',
    { initializeUploadRequest: { owner } },
    linkedInDocumentUploadSchema,
  );
  const url = trustedUploadUrl(context, value.uploadUrl, 'the document');
  const put = await context.http({
    method: 'PUT',
    url: url.toString(),
    headers: {
      authorization: `Bearer ${context.accessToken}`,
      'content-type': document.mimeType,
      'content-length': String(document.file.size),
    },
    body: chunksOf(document.file),
    kind: 'write',
    timeoutMs: context.uploadTimeoutMs,
  });
  orThrowUpload(context, put, CALL);
  await waitUntilAvailable(context, 'documents', value.document, CALL);
  return value.document;
}
