import type { SandboxContext } from '../context';
import type { PostProfile } from '../metrics';
import { X_PROBLEM_BASE } from './x-errors';
import type { XMedia, XTweet, XUser } from './x-store';

const PRIVATE_WINDOW_MS = 30 * 86_400_000;

const PRIVATE_FIELDS: Record<string, string[]> = {
  non_public_metrics: ['impression_count', 'url_link_clicks', 'user_profile_clicks'],
  organic_metrics: ['impression_count', 'like_count', 'reply_count', 'retweet_count', 'url_link_clicks', 'user_profile_clicks'],
  promoted_metrics: ['impression_count', 'like_count', 'reply_count', 'retweet_count', 'url_link_clicks', 'user_profile_clicks'],
};

export function mediaType(media: XMedia): 'photo' | 'animated_gif' | 'video' {
  if (media.category.endsWith('gif')) return 'animated_gif';
  if (media.category.endsWith('video')) return 'video';
  return 'photo';
}

export function tweetProfile(ctx: SandboxContext, tweet: XTweet): PostProfile {
  const author = ctx.state.x.users.get(tweet.authorId);
  const followers = author ? ctx.metrics.followersAt('x', author.baseFollowers, author.addedAt, tweet.createdAt) : 0;
  const hasImage = tweet.mediaIds.some((id) => {
    const media = ctx.state.x.media.get(id);
    return media !== undefined && mediaType(media) !== 'video';
  });
  return ctx.metrics.profile({
    network: 'x',
    audience: 'x',
    postId: tweet.id,
    createdAt: tweet.createdAt,
    text: tweet.text,
    hasImage,
    followers,
  });
}

export function tweetMetrics(ctx: SandboxContext, tweet: XTweet) {
  const profile = tweetProfile(ctx, tweet);
  const now = ctx.clock.now();
  const count = (kind: string) => ctx.metrics.countAt(profile, kind, now);
  const impressions = ctx.metrics.impressionsAt(profile, now);
  const likes = count('like');
  const retweets = count('retweet');
  const replies = count('reply');
  const urlClicks = count('urlClick');
  const profileClicks = count('profileClick');
  return {
    public_metrics: {
      retweet_count: retweets,
      reply_count: replies,
      like_count: likes,
      quote_count: count('quote'),
      bookmark_count: count('bookmark'),
      impression_count: impressions,
    },
    non_public_metrics: { impression_count: impressions, url_link_clicks: urlClicks, user_profile_clicks: profileClicks },
    organic_metrics: {
      impression_count: impressions,
      like_count: likes,
      reply_count: replies,
      retweet_count: retweets,
      url_link_clicks: urlClicks,
      user_profile_clicks: profileClicks,
    },
  };
}

/**
 * docs/networks.md, X · Partial errors: private metrics are for the author's own posts younger than 30 days; otherwise the
 * post is dropped from its section and each refused field is listed in `errors`, still with 200.
 */
export function privateFieldErrors(
  ctx: SandboxContext,
  tweet: XTweet,
  viewer: XUser,
  fields: Set<string>,
  parameter: string,
  section: 'data' | 'includes',
): Record<string, unknown>[] {
  const requested = Object.keys(PRIVATE_FIELDS).filter((field) => fields.has(field));
  if (!requested.length || (tweet.authorId === viewer.id && ctx.clock.now() - tweet.createdAt <= PRIVATE_WINDOW_MS)) return [];
  return requested.flatMap((group) =>
    (PRIVATE_FIELDS[group] ?? []).map((sub) => ({
      resource_type: 'tweet',
      field: `${group}.${sub}`,
      parameter,
      resource_id: tweet.id,
      title: 'Field Authorization Error',
      section,
      detail: `Sorry, you are not authorized to access '${group}.${sub}' on the Tweet with ${parameter} : [${tweet.id}].`,
      value: tweet.id,
      type: `${X_PROBLEM_BASE}not-authorized-for-field`,
    })),
  );
}

/** One post with the fields asked for (`f`: tweet.fields plus the linking fields the expansions imply). */
export function renderTweet(ctx: SandboxContext, tweet: XTweet, f: Set<string>): Record<string, unknown> {
  const view: Record<string, unknown> = { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] };
  if (f.has('created_at')) view.created_at = new Date(tweet.createdAt).toISOString();
  if (f.has('author_id')) view.author_id = tweet.authorId;
  if (f.has('conversation_id')) view.conversation_id = tweet.conversationId;
  if (f.has('in_reply_to_user_id') && tweet.inReplyToUserId) view.in_reply_to_user_id = tweet.inReplyToUserId;
  if (f.has('lang')) view.lang = tweet.text ? 'en' : 'zxx';
  if (f.has('possibly_sensitive')) view.possibly_sensitive = false;
  if (f.has('reply_settings')) view.reply_settings = 'everyone';
  if (f.has('edit_controls')) {
    view.edit_controls = {
      edits_remaining: 5,
      is_edit_eligible: false,
      editable_until: new Date(tweet.createdAt + 3_600_000).toISOString(),
    };
  }
  if (f.has('referenced_tweets')) {
    const references = referencesOf(tweet);
    if (references.length) view.referenced_tweets = references;
  }
  const media = mediaOf(ctx, tweet);
  if (f.has('attachments') && media.length) view.attachments = { media_keys: media.map((item) => item.mediaKey) };
  if (f.has('public_metrics') || Object.keys(PRIVATE_FIELDS).some((field) => f.has(field))) {
    const metrics = tweetMetrics(ctx, tweet);
    if (f.has('public_metrics')) view.public_metrics = metrics.public_metrics;
    if (f.has('non_public_metrics')) view.non_public_metrics = metrics.non_public_metrics;
    if (f.has('organic_metrics')) view.organic_metrics = metrics.organic_metrics;
  }
  return view;
}

export function referencesOf(tweet: XTweet): { type: 'replied_to' | 'quoted'; id: string }[] {
  return [
    ...(tweet.replyToId ? [{ type: 'replied_to' as const, id: tweet.replyToId }] : []),
    ...(tweet.quoteTweetId ? [{ type: 'quoted' as const, id: tweet.quoteTweetId }] : []),
  ];
}

export function mediaOf(ctx: SandboxContext, tweet: XTweet): XMedia[] {
  return tweet.mediaIds.map((id) => ctx.state.x.media.get(id)).filter((item): item is XMedia => item !== undefined);
}
