import type { SandboxContext } from '../context';
import { canCommentAs, canReadAs, MEMBER_COMMENT_READ, ORGANIZATION_COMMENT_READ, parseAuthorUrn, type AuthorRef } from './linkedin-access';
import { accessDenied, type LinkedInCaller } from './linkedin-auth';
import { linkedInError, linkedInMissingField, linkedInNotFound, linkedInSchemaError } from './linkedin-errors';
import { addComment, commentsOn, personUrn, type LinkedInComment, type LinkedInPost } from './linkedin-store';

/** Comments under a post: `socialActions/{post urn}/comments` (docs/networks.md, LinkedIn · Comments). */

export function commentUrn(postUrn: string, id: string): string {
  return `urn:li:comment:(${postUrn},${id})`;
}

/** The post in the path. A deleted post takes its comments with it: they are unreachable, as on LinkedIn. */
export function commentedPost(ctx: SandboxContext, urn: string): LinkedInPost {
  const post = ctx.state.linkedin.posts.get(urn);
  if (!post || post.deleted) throw linkedInNotFound(`Unable to obtain activity for ${urn}`);
  return post;
}

function actorOf(path: string, value: unknown): AuthorRef {
  if (typeof value !== 'string') throw linkedInSchemaError(path, 'expected a urn string');
  const actor = parseAuthorUrn(value);
  if (actor === 'bad-type') throw linkedInError(400, `Invalid urn type for ${path}: ${value}`, { code: 'INVALID_URN_TYPE' });
  if (actor === 'bad-id') throw linkedInError(400, `Invalid urn id for ${path}: ${value}`, { code: 'INVALID_URN_ID' });
  return actor;
}

/** The body is checked before the post and the actor's rights, as for posts (docs/networks.md, LinkedIn · Post errors). */
export function createLinkedInComment(
  ctx: SandboxContext,
  caller: LinkedInCaller,
  postUrn: string,
  body: unknown,
  receivedAt: number,
): LinkedInComment {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw linkedInMissingField('/actor');
  const request = body as Record<string, unknown>;
  for (const field of ['actor', 'object', 'message']) {
    if (request[field] === undefined || request[field] === null) throw linkedInMissingField(`/${field}`);
  }
  const actor = actorOf('/actor', request.actor);
  if (request.object !== postUrn) throw linkedInSchemaError('/object', `must be the entity in the path, ${postUrn}`);
  const text = (request.message as { text?: unknown }).text;
  if (typeof text !== 'string') throw linkedInMissingField('/message/text');
  if (text.trim() === '') throw linkedInSchemaError('/message/text', 'must not be empty');
  const length = [...text].length;
  const max = ctx.options.linkedin.maxCommentLength;
  if (length > max) {
    throw linkedInError(400, `/message/text :: length ${length} exceeds the maximum allowed ${max}`, { code: 'FIELD_LENGTH_TOO_LONG' });
  }
  commentedPost(ctx, postUrn);
  if (!canCommentAs(ctx, caller, actor)) throw accessDenied(caller, 'comments.CREATE');

  const now = ctx.clock.now();
  const id = ctx.ids.linkedin.next(now);
  const comment: LinkedInComment = {
    id,
    urn: commentUrn(postUrn, id),
    object: postUrn,
    actor: request.actor as string,
    createdBy: caller.member.sub,
    clientId: caller.token.clientId,
    text,
    createdAt: now,
    receivedAt,
    deleted: false,
  };
  addComment(ctx.state.linkedin, comment);
  ctx.markDirty();
  return comment;
}

/** The comments a caller who may read the post's author's social data sees, oldest first. */
export function readableComments(ctx: SandboxContext, caller: LinkedInCaller, postUrn: string): LinkedInComment[] {
  const post = commentedPost(ctx, postUrn);
  const author = parseAuthorUrn(post.author);
  if (typeof author !== 'object' || !canReadAs(ctx, caller, author, MEMBER_COMMENT_READ, ORGANIZATION_COMMENT_READ)) {
    throw accessDenied(caller, 'comments.GET_ALL');
  }
  return commentsOn(ctx.state.linkedin, postUrn).filter((comment) => !comment.deleted);
}

/** Only as the comment's own actor (`?actor=`, the member by default), with the right to comment as it. */
export function deleteLinkedInComment(
  ctx: SandboxContext,
  caller: LinkedInCaller,
  postUrn: string,
  commentId: string,
  actorParam: string | undefined,
): void {
  commentedPost(ctx, postUrn);
  const comment = ctx.state.linkedin.comments.get(commentUrn(postUrn, commentId));
  if (!comment || comment.deleted) throw linkedInNotFound(`Comment ${commentId} not found on ${postUrn}`);
  const actorUrn = actorParam ?? personUrn(caller.member.sub);
  const actor = actorOf('actor', actorUrn);
  if (actorUrn !== comment.actor || !canCommentAs(ctx, caller, actor)) throw accessDenied(caller, 'comments.DELETE');
  markCommentDeleted(ctx, comment);
}

function markCommentDeleted(ctx: SandboxContext, comment: LinkedInComment): void {
  comment.deleted = true;
  comment.deletedAt = ctx.clock.now();
  ctx.markDirty();
}

/** Deleting a post removes its comments from LinkedIn too. */
export function deleteCommentsOf(ctx: SandboxContext, post: LinkedInPost): void {
  for (const comment of commentsOn(ctx.state.linkedin, post.urn)) if (!comment.deleted) markCommentDeleted(ctx, comment);
}

/** A comment as LinkedIn answers it: creation (201 body) and the list's elements. */
export function renderLinkedInComment(comment: LinkedInComment) {
  const stamp = { actor: personUrn(comment.createdBy), time: comment.createdAt };
  return {
    actor: comment.actor,
    commentUrn: comment.urn,
    created: stamp,
    lastModified: stamp,
    id: comment.id,
    message: { attributes: [], text: comment.text },
    object: comment.object,
  };
}
