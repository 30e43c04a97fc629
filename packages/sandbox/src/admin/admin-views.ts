import type { SandboxContext } from '../context';
import { approvedRoles } from '../linkedin/linkedin-personas';
import { articleOf } from '../linkedin/linkedin-article';
import { organizationUrn, personUrn, type LinkedInComment, type LinkedInPost } from '../linkedin/linkedin-store';
import type { XTweet } from '../x/x-store';
import { mediaType } from '../x/x-tweet-view';

const iso = (instant: number | undefined) => (instant === undefined ? null : new Date(instant).toISOString());

export function adminXPost(ctx: SandboxContext, tweet: XTweet) {
  const author = ctx.state.x.users.get(tweet.authorId);
  return {
    id: tweet.id,
    authorId: tweet.authorId,
    username: author?.username ?? null,
    clientId: tweet.clientId,
    text: tweet.text,
    media: tweet.mediaIds.map((id) => {
      const media = ctx.state.x.media.get(id);
      return {
        id,
        mediaKey: media?.mediaKey ?? null,
        kind: media ? mediaType(media) : null,
        mediaType: media?.mediaType ?? null,
        category: media?.category ?? null,
        bytes: media?.totalBytes ?? null,
        altText: media?.altText ?? null,
      };
    }),
    replyToId: tweet.replyToId ?? null,
    conversationId: tweet.conversationId,
    quoteTweetId: tweet.quoteTweetId ?? null,
    receivedAt: iso(tweet.receivedAt),
    arrivedAt: iso(tweet.arrivedAt ?? tweet.receivedAt),
    createdAt: iso(tweet.createdAt),
    deleted: tweet.deleted,
    deletedAt: iso(tweet.deletedAt),
  };
}

interface MediaEntry {
  id?: unknown;
  title?: unknown;
  altText?: unknown;
}

/**
 * A post's media in the order posted, whatever the content shape: `content.media` (one image, a
 * video or a document) or `content.multiImage.images`, with what the sandbox knows of each upload.
 */
export function adminLinkedInMedia(ctx: SandboxContext, post: LinkedInPost) {
  const content = (post.content ?? {}) as { media?: MediaEntry; multiImage?: { images?: MediaEntry[] } };
  const entries = content.media ? [content.media] : (content.multiImage?.images ?? []);
  return entries.map((entry) => {
    const urn = String(entry.id ?? '');
    const kind = /^urn:li:(image|video|document):/.exec(urn)?.[1] ?? null;
    const store = ctx.state.linkedin;
    const bytes =
      kind === 'image'
        ? store.images.get(urn)?.bytes
        : kind === 'video'
          ? store.videos.get(urn)?.fileSizeBytes
          : kind === 'document'
            ? store.documents.get(urn)?.bytes
            : undefined;
    return {
      kind,
      urn,
      altText: typeof entry.altText === 'string' ? entry.altText : null,
      title: typeof entry.title === 'string' ? entry.title : null,
      bytes: bytes ?? null,
    };
  });
}

export function adminLinkedInPost(ctx: SandboxContext, post: LinkedInPost) {
  const creator = ctx.state.linkedin.members.get(post.createdBy);
  return {
    urn: post.urn,
    author: post.author,
    createdBy: post.createdBy,
    createdByName: creator?.name ?? null,
    clientId: post.clientId,
    commentary: post.commentary,
    publishedCommentary: post.publishedCommentary,
    truncated: post.publishedCommentary !== post.commentary,
    visibility: post.visibility,
    content: post.content ?? null,
    media: adminLinkedInMedia(ctx, post),
    /** The link card of an article post (docs/networks.md, LinkedIn · Article posts). */
    article: articleOf(post.content) ?? null,
    receivedAt: iso(post.receivedAt),
    arrivedAt: iso(post.arrivedAt ?? post.receivedAt),
    createdAt: iso(post.createdAt),
    deleted: post.deleted,
    deletedAt: iso(post.deletedAt),
  };
}

/** `deleted` is also true once the post it was on was deleted: LinkedIn no longer shows it. */
export function adminLinkedInComment(comment: LinkedInComment) {
  return {
    urn: comment.urn,
    id: comment.id,
    object: comment.object,
    actor: comment.actor,
    createdBy: comment.createdBy,
    clientId: comment.clientId,
    text: comment.text,
    receivedAt: iso(comment.receivedAt),
    createdAt: iso(comment.createdAt),
    deleted: comment.deleted,
    deletedAt: iso(comment.deletedAt),
  };
}

export function adminMemberOrganizations(ctx: SandboxContext, sub: string) {
  return [...ctx.state.linkedin.organizations.values()]
    .map((organization) => ({ organization, roles: approvedRoles(ctx, sub, organization.id) }))
    .filter(({ roles }) => roles.length > 0)
    .map(({ organization, roles }) => ({ id: organization.id, urn: organizationUrn(organization.id), name: organization.name, roles }));
}

export function adminMember(ctx: SandboxContext, sub: string) {
  const member = ctx.state.linkedin.members.get(sub);
  if (!member) return null;
  return {
    sub: member.sub,
    name: member.name,
    email: member.email,
    personUrn: personUrn(member.sub),
    organizations: adminMemberOrganizations(ctx, member.sub),
  };
}
