import { LINKEDIN_COMMENT_MAX_LENGTH } from '@postflow/contract';
import { Rejected, Unavailable } from '../errors';
import type { HttpResponse } from '../http/http-client';
import { jsonOrUndefined, parseAnswer, parseJsonAnswer } from '../http/parse';
import { redact } from '../http/redact';
import type { AccountRef, NetworkComment, NetworkComments } from '../social-provider';
import { isAccessDenied, linkedInApiError, type LinkedInCall } from './linkedin-errors';
import { linkedInCommentListSchema, linkedInCommentSchema, linkedInCommentUrnSchema } from './linkedin-schemas';
import { encodeKey, organizationUrn, personUrn } from './restli';

/** Comments under the account's posts: `socialActions/{post urn}/comments` (docs/networks.md, LinkedIn · Comments). */

export interface LinkedInCommentsContext {
  /** A versioned `/rest/*` call with the adapter's headers. */
  rest: (
    accessToken: string,
    call: LinkedInCall,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    extra?: { json?: unknown },
  ) => Promise<HttpResponse>;
  now: () => Date;
}

const PAGE = 100;
/** Reconciling looks for our own comment among the post's first comments; a post with more is not worth reading further. */
const MAX_PAGES = 10;
const READ: LinkedInCall = { kind: 'read', subject: 'the comments' };

function isSuccess(response: HttpResponse): boolean {
  return response.status >= 200 && response.status <= 299;
}

/** The member, or the page the post went out as: who writes and deletes the comment. */
function actorOf(account: AccountRef, organizationId: string | undefined): string {
  return organizationId ? organizationUrn(organizationId) : personUrn(account.networkUserId);
}

/** `urn:li:comment:(urn:li:share:1,42)` → `42`, the id the delete path takes; an id given alone is kept. */
export function commentIdOf(comment: string): string {
  return /,([^,()]+)\)$/.exec(comment)?.[1] ?? comment;
}

function commentsPath(postId: string): string {
  return `/rest/socialActions/${encodeKey(postId)}/comments`;
}

/**
 * A comment LinkedIn answered with: `commentUrn` when given, else built from its id and the post (x-restli-id on a
 * create). Undefined when neither is there.
 */
function urnOf(postId: string, element: { id?: string | undefined; commentUrn?: string | undefined }, headerId?: string | null) {
  if (element.commentUrn) return element.commentUrn;
  const id = headerId ?? element.id;
  return id ? `urn:li:comment:(${postId},${id})` : undefined;
}

function failure(response: HttpResponse, call: LinkedInCall, now: Date) {
  // docs/networks.md, LinkedIn · Comments: LinkedIn answers 404 for a post created moments ago; nothing was created, try
  // later (docs/decisions/154-thread-parts-and-first-comments-on-the-network.md).
  if (response.status === 404 && call.kind === 'create') {
    return new Unavailable('LinkedIn does not show the post yet (or it was deleted), so the comment could not be added.', {
      status: response.status,
      body: redact(response.text),
    });
  }
  if (isAccessDenied(response) && call.kind === 'read') {
    return new Rejected(
      'LinkedIn does not let this connection read comments: it needs r_member_social (a member’s posts) or r_organization_social (a page’s).',
      { status: response.status, body: redact(response.text) },
    );
  }
  return linkedInApiError(response, call, now);
}

export function linkedInComments(context: LinkedInCommentsContext): NetworkComments {
  return {
    async create(account, { postId, text, organizationId }): Promise<NetworkComment> {
      // A comment's message is plain text with attributes, not little text: it goes as written (docs/networks.md, LinkedIn · Comments).
      const length = [...text].length;
      if (text.trim() === '') throw new Rejected('LinkedIn refused the comment: it is empty.');
      if (length > LINKEDIN_COMMENT_MAX_LENGTH) {
        throw new Rejected(
          `LinkedIn refused the comment: it is ${length.toLocaleString('en-US')} characters, over LinkedIn's ${LINKEDIN_COMMENT_MAX_LENGTH.toLocaleString('en-US')} limit.`,
        );
      }
      const call: LinkedInCall = { kind: 'create', subject: 'the comment' };
      const body = { actor: actorOf(account, organizationId), object: postId, message: { text } };
      const response = await context.rest(account.accessToken, call, 'POST', commentsPath(postId), { json: body });
      if (!isSuccess(response)) throw failure(response, call, context.now());
      // An answer without the comment's urn or id leaves us unable to tell which comment is ours: outcome unknown.
      const answer = { networkName: 'LinkedIn', kind: 'create' as const, response };
      const created = parseAnswer(linkedInCommentSchema, jsonOrUndefined(response.text) ?? {}, answer);
      const urn = parseAnswer(linkedInCommentUrnSchema, urnOf(postId, created, response.headers.get('x-restli-id')), answer);
      const time = created.created?.time;
      return { id: urn, text, createdAt: time === undefined ? undefined : new Date(time) };
    },

    async list(account, { postId, organizationId }): Promise<NetworkComment[]> {
      const actor = actorOf(account, organizationId);
      const comments: NetworkComment[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const path = `${commentsPath(postId)}?start=${page * PAGE}&count=${PAGE}`;
        const response = await context.rest(account.accessToken, READ, 'GET', path);
        if (!isSuccess(response)) throw failure(response, READ, context.now());
        const { elements } = parseJsonAnswer(linkedInCommentListSchema, response, { networkName: 'LinkedIn', kind: 'read' });
        for (const element of elements) {
          const urn = urnOf(postId, element);
          if (element.actor !== actor || !urn) continue;
          const time = element.created?.time;
          comments.push({ id: urn, text: element.message?.text ?? '', createdAt: time === undefined ? undefined : new Date(time) });
        }
        if (elements.length < PAGE) break;
      }
      // LinkedIn does not document the order; the port promises newest first.
      return comments.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
    },

    async delete(account, { postId, commentId, organizationId }): Promise<void> {
      const call: LinkedInCall = { kind: 'write', subject: 'the comment’s deletion' };
      const actor = encodeKey(actorOf(account, organizationId));
      const path = `${commentsPath(postId)}/${encodeKey(commentIdOf(commentId))}?actor=${actor}`;
      const response = await context.rest(account.accessToken, call, 'DELETE', path);
      // Gone already (or its post is): the outcome we wanted.
      if (response.status === 404) return;
      if (!isSuccess(response)) throw failure(response, call, context.now());
    },
  };
}
