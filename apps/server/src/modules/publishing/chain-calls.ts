import { Rejected } from '../../providers/social/errors';
import type { AccountRef, NetworkPost, PublishedPost, PublishRequest, SocialProvider } from '../../providers/social/social-provider';
import type { ClaimedTarget } from './targets.repository';

/** The published post a thread part answers, or a first comment is written under. */
export interface ParentPost {
  networkPostId: string;
  url: string | null;
}

/**
 * Sends a target as its kind asks (docs/decisions/155-threads.md): a head as a post; part k as a
 * reply to part k − 1's network post (`inReplyTo`); a first comment through the network's comments.
 * A comment's address is its post's: LinkedIn gives comments none of their own.
 */
export async function sendTarget(
  provider: SocialProvider,
  ref: AccountRef,
  target: ClaimedTarget,
  request: PublishRequest,
  parent: ParentPost | undefined,
): Promise<PublishedPost> {
  if (target.kind === 'comment') {
    if (!provider.comments || !parent) throw new Rejected('This network takes no first comment.', {});
    const comment = await provider.comments.create(ref, {
      postId: parent.networkPostId,
      text: target.text,
      ...(target.linkedinOrgId ? { organizationId: target.linkedinOrgId } : {}),
    });
    return { id: comment.id, url: parent.url ?? '' };
  }
  return provider.publish(ref, { ...request, ...(parent ? { inReplyTo: parent.networkPostId } : {}) });
}

/**
 * The account's newest posts (or, for a comment, its comments under the post) in the shape reconciling
 * reads. A part is only ever its own parent's answer, and a head answers nothing: a post answering
 * another is never taken for it, nor the reverse.
 */
export async function recentCandidates(
  provider: SocialProvider,
  ref: AccountRef,
  target: ClaimedTarget,
  parent: ParentPost | undefined,
): Promise<NetworkPost[]> {
  const organization = target.linkedinOrgId ? { organizationId: target.linkedinOrgId } : {};
  if (target.kind === 'comment') {
    if (!provider.comments || !parent) return [];
    const comments = await provider.comments.list(ref, { postId: parent.networkPostId, ...organization });
    return comments.map((comment) => ({
      id: comment.id,
      text: comment.text,
      createdAt: comment.createdAt,
      url: parent.url ?? '',
      hasMedia: false,
    }));
  }
  const recent = await provider.recentPosts(ref, { ...organization, limit: 20 });
  return recent.filter((post) => (post.inReplyTo ?? null) === (parent?.networkPostId ?? null));
}

/** "Not sent: part 3 failed: …", what every later part of a thread (or a post's comment) says after a failure. */
export function stoppedReason(target: Pick<ClaimedTarget, 'kind' | 'position' | 'network'>, reason: string): string {
  const which = target.kind === 'part' ? `part ${target.position}` : target.network === 'x' ? 'part 1' : 'the post';
  return `Not sent: ${which} failed: ${reason}`;
}
