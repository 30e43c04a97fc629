import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../bearer';
import type { SandboxContext } from '../context';
import { canPostAs, parseAuthorUrn } from './linkedin-access';
import { accessDenied, type LinkedInCaller } from './linkedin-auth';
import { linkedInEmptyToken, linkedInError, linkedInInvalidToken, linkedInMissingField } from './linkedin-errors';
import type { LinkedInAccessToken, LinkedInDocument, LinkedInMediaStatus, LinkedInVideo } from './linkedin-store';

/** How long processing takes on the sandbox clock once the last byte is in (docs/networks.md, LinkedIn · Video upload, Document upload). */
export const VIDEO_PROCESSING_MS = 3_000;
export const DOCUMENT_PROCESSING_MS = 2_000;
export const UPLOAD_URL_LIFETIME_MS = 24 * 3_600_000;

/** Read scopes that may look at a member's or page's uploads besides the write scopes that made them. */
export const MEDIA_READ_SCOPES = ['w_member_social', 'w_organization_social', 'r_member_social', 'r_organization_social'];

/** The owner of an upload must be someone the caller may post as, as for images (docs/networks.md, LinkedIn · Image upload). */
export function checkOwner(ctx: SandboxContext, caller: LinkedInCaller, owner: unknown, resource: string): string {
  if (typeof owner !== 'string') throw linkedInMissingField('/initializeUploadRequest/owner');
  const author = parseAuthorUrn(owner);
  if (typeof author !== 'object') throw linkedInError(400, `Invalid owner urn ${owner}`, { code: 'INVALID_URN_ID' });
  if (!canPostAs(ctx, caller, author)) throw accessDenied(caller, resource);
  return owner;
}

/** Upload URLs that need the member's bearer token (images, documents): the token must be valid. */
export function uploadToken(ctx: SandboxContext, request: FastifyRequest): LinkedInAccessToken {
  const value = bearerToken(request);
  if (!value) throw linkedInEmptyToken();
  const token = ctx.state.linkedin.accessTokens.get(value);
  if (!token || token.revoked || ctx.clock.now() >= token.expiresAt) throw linkedInInvalidToken();
  return token;
}

/** WAITING_UPLOAD until finalized, PROCESSING for a while on the sandbox clock, then AVAILABLE or PROCESSING_FAILED. */
export function videoStatus(ctx: SandboxContext, video: LinkedInVideo): LinkedInMediaStatus {
  if (video.finalizedAt === undefined) return 'WAITING_UPLOAD';
  if (ctx.clock.now() - video.finalizedAt < VIDEO_PROCESSING_MS) return 'PROCESSING';
  return video.failureReason ? 'PROCESSING_FAILED' : 'AVAILABLE';
}

export function documentStatus(ctx: SandboxContext, document: LinkedInDocument): LinkedInMediaStatus {
  if (document.uploadedAt === undefined) return 'WAITING_UPLOAD';
  if (ctx.clock.now() - document.uploadedAt < DOCUMENT_PROCESSING_MS) return 'PROCESSING';
  return document.failureReason ? 'PROCESSING_FAILED' : 'AVAILABLE';
}

/** The media urn's id part, for upload URLs. */
export function urnId(urn: string): string {
  return urn.slice(urn.lastIndexOf(':') + 1);
}
