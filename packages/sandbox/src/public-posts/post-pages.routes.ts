import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { sendHtml } from '../consent/html';
import { parseAuthorUrn } from '../linkedin/linkedin-access';
import { linkedInPostStats } from '../linkedin/linkedin-post-metrics';
import { commentsOn, type LinkedInPost } from '../linkedin/linkedin-store';
import { articleOf } from '../linkedin/linkedin-article';
import { publicBaseUrl } from '../public-url';
import { tweetMetrics } from '../x/x-tweet-view';
import { missingPostPage, postPage, type PostPageModel } from './post-page';

/** The images of a LinkedIn post: `content.media` (one) or `content.multiImage.images` (several). */
function linkedInImageUrns(post: LinkedInPost): string[] {
  const content = (post.content ?? {}) as { media?: { id?: unknown }; multiImage?: { images?: Array<{ id?: unknown }> } };
  const ids = content.media ? [content.media.id] : (content.multiImage?.images ?? []).map((image) => image.id);
  return ids.filter((id): id is string => typeof id === 'string');
}

/** A member's or a page's name, as the post page shows its author. */
function actorName(ctx: SandboxContext, urn: string): string {
  const actor = parseAuthorUrn(urn);
  if (typeof actor !== 'object') return urn;
  if (actor.kind === 'organization') return ctx.state.linkedin.organizations.get(actor.id)?.name ?? `Organization ${actor.id}`;
  return ctx.state.linkedin.members.get(actor.sub)?.name ?? 'LinkedIn member';
}

function answer(reply: FastifyReply, model: PostPageModel | undefined, networkLabel: string): string {
  return model ? sendHtml(reply, 200, postPage(model)) : sendHtml(reply, 404, missingPostPage(networkLabel));
}

/** An article post's card as its page shows it (docs/networks.md, LinkedIn · Article posts). */
function linkCardOf(post: LinkedInPost, base: string): PostPageModel['card'] {
  const article = articleOf(post.content);
  if (!article) return undefined;
  return {
    url: article.source,
    title: article.title,
    description: article.description ?? '',
    imageUrl: article.thumbnail ? `${base}/_sandbox/media/linkedin/${encodeURIComponent(article.thumbnail)}` : undefined,
  };
}

/**
 * The public pages of the sandbox's posts, at the paths x.com and linkedin.com use
 * (docs/networks.md, X · Post addresses, LinkedIn · Creating a post), under the network's prefix.
 * They are what the app's "View on X" and "View on LinkedIn" open in sandbox mode.
 */
export function registerPostPageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const xPost = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const tweet = ctx.state.x.tweets.get(id);
    const author = tweet && ctx.state.x.users.get(tweet.authorId);
    if (!tweet || tweet.deleted || !author) return answer(reply, undefined, 'X');
    const base = publicBaseUrl(request);
    const counts = tweetMetrics(ctx, tweet).public_metrics;
    const parent = tweet.replyToId ? ctx.state.x.tweets.get(tweet.replyToId) : undefined;
    const parentAuthor = parent && ctx.state.x.users.get(parent.authorId);
    return answer(
      reply,
      {
        networkLabel: 'X',
        authorName: author.name,
        authorHandle: `@${author.username}`,
        avatarUrl: `${base}/_sandbox/avatars/x/${encodeURIComponent(author.username)}.svg`,
        createdAt: new Date(tweet.createdAt),
        text: tweet.text,
        mediaUrls: tweet.mediaIds.map((mediaId) => `${base}/_sandbox/media/x/${encodeURIComponent(mediaId)}`),
        metrics: [
          { label: 'Replies', value: counts.reply_count },
          { label: 'Reposts', value: counts.retweet_count },
          { label: 'Likes', value: counts.like_count },
          { label: 'Views', value: counts.impression_count },
        ],
        replyingTo:
          parent && parentAuthor
            ? {
                handle: `@${parentAuthor.username}`,
                url: `${base}/x/${encodeURIComponent(parentAuthor.username)}/status/${encodeURIComponent(parent.id)}`,
              }
            : undefined,
      },
      'X',
    );
  };
  app.get('/x/i/web/status/:id', xPost);
  app.get('/x/:username/status/:id', xPost);

  const linkedInPost = async (request: FastifyRequest, reply: FastifyReply) => {
    const { urn } = request.params as { urn: string };
    const post = ctx.state.linkedin.posts.get(decodeURIComponent(urn));
    const author = post ? parseAuthorUrn(post.author) : undefined;
    if (!post || post.deleted || typeof author !== 'object') return answer(reply, undefined, 'LinkedIn');
    const base = publicBaseUrl(request);
    const name = actorName(ctx, post.author);
    const organization = author.kind === 'organization' ? ctx.state.linkedin.organizations.get(author.id) : undefined;
    const handle = organization ? `linkedin.com/company/${organization.vanityName}` : undefined;
    const stats = linkedInPostStats(ctx, post);
    return answer(
      reply,
      {
        networkLabel: 'LinkedIn',
        authorName: name,
        authorHandle: handle,
        avatarUrl: `${base}/_sandbox/avatars/linkedin/${encodeURIComponent(author.kind === 'person' ? author.sub : name)}.svg`,
        createdAt: new Date(post.createdAt),
        text: post.publishedCommentary,
        mediaUrls: linkedInImageUrns(post).map((imageUrn) => `${base}/_sandbox/media/linkedin/${encodeURIComponent(imageUrn)}`),
        card: linkCardOf(post, base),
        metrics: [
          { label: 'Reactions', value: stats.reactionTotal },
          { label: 'Comments', value: stats.comments },
          { label: 'Reposts', value: stats.shares },
          { label: 'Impressions', value: stats.impressions },
        ],
        comments: commentsOn(ctx.state.linkedin, post.urn)
          .filter((comment) => !comment.deleted)
          .map((comment) => ({ authorName: actorName(ctx, comment.actor), text: comment.text })),
      },
      'LinkedIn',
    );
  };
  app.get('/linkedin/feed/update/:urn', linkedInPost);
  app.get('/linkedin/feed/update/:urn/', linkedInPost);
}
