import type { SandboxContext } from '../context';
import { approvedRoles } from '../linkedin/linkedin-personas';
import { articleOf } from '../linkedin/linkedin-article';
import { organizationUrn, personUrn, type LinkedInPost } from '../linkedin/linkedin-store';
import type { XTweet } from '../x/x-store';

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
      return { id, mediaKey: media?.mediaKey ?? null, mediaType: media?.mediaType ?? null, altText: media?.altText ?? null };
    }),
    replyToId: tweet.replyToId ?? null,
    quoteTweetId: tweet.quoteTweetId ?? null,
    receivedAt: iso(tweet.receivedAt),
    arrivedAt: iso(tweet.arrivedAt ?? tweet.receivedAt),
    createdAt: iso(tweet.createdAt),
    deleted: tweet.deleted,
    deletedAt: iso(tweet.deletedAt),
  };
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
    /** The link card of an article post (docs/networks.md, LinkedIn · Article posts). */
    article: articleOf(post.content) ?? null,
    receivedAt: iso(post.receivedAt),
    arrivedAt: iso(post.arrivedAt ?? post.receivedAt),
    createdAt: iso(post.createdAt),
    deleted: post.deleted,
    deletedAt: iso(post.deletedAt),
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
