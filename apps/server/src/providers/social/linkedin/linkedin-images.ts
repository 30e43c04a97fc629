import { Unavailable } from '../errors';
import type { HttpClient } from '../http/http-client';
import { parseJsonAnswer } from '../http/parse';
import { redact } from '../http/redact';
import type { MediaUpload } from '../social-provider';
import { linkedInApiError, type LinkedInCall } from './linkedin-errors';
import { linkedInImageUploadSchema } from './linkedin-schemas';

export interface LinkedInImageContext {
  http: HttpClient;
  apiBaseUrl: string;
  /** Hosts the upload URL may point at: the bearer token is sent there. */
  trustedUploadHosts: string[];
  restHeaders: (accessToken: string) => Record<string, string>;
  accessToken: string;
  uploadTimeoutMs: number;
  now: () => Date;
}

const CALL: LinkedInCall = { kind: 'write', subject: 'the image' };

function isTrustedHost(url: URL, trusted: string[]): boolean {
  const host = url.hostname.toLowerCase();
  return trusted.includes(host) || host === 'linkedin.com' || host.endsWith('.linkedin.com');
}

/**
 * docs/networks.md, LinkedIn · Image upload: initialise an upload owned by the post's author, then PUT the bytes with the same bearer
 * token. Self-serve tokens cannot read `/rest/images` to poll the status (docs/networks.md, LinkedIn · Image upload), so the post is
 * created right after the PUT. Returns the image urn.
 */
export async function uploadLinkedInImage(context: LinkedInImageContext, owner: string, media: MediaUpload): Promise<string> {
  const init = await context.http({
    method: 'POST',
    url: `${context.apiBaseUrl}/rest/images?action=initializeUpload`,
    headers: { ...context.restHeaders(context.accessToken), 'content-type': 'application/json' },
    body: JSON.stringify({ initializeUploadRequest: { owner } }),
    kind: 'write',
  });
  if (init.status < 200 || init.status > 299) throw linkedInApiError(init, CALL, context.now());
  const { value } = parseJsonAnswer(linkedInImageUploadSchema, init, { networkName: 'LinkedIn', kind: 'write' });

  const uploadUrl = new URL(value.uploadUrl);
  if (!isTrustedHost(uploadUrl, context.trustedUploadHosts)) {
    throw new Unavailable(
      `LinkedIn gave an upload address on an unexpected host (${redact(uploadUrl.hostname, 100)}); the image was not sent.`,
    );
  }
  const put = await context.http({
    method: 'PUT',
    url: uploadUrl.toString(),
    headers: { authorization: `Bearer ${context.accessToken}`, 'content-type': media.mimeType },
    body: Uint8Array.from(media.bytes),
    kind: 'write',
    timeoutMs: context.uploadTimeoutMs,
  });
  if (put.status < 200 || put.status > 299) throw linkedInApiError(put, CALL, context.now());
  return value.image;
}
