import type { SandboxContext } from '../context';
import type { PostProfile } from '../metrics';
import { X_PROBLEM_BASE } from './x-errors';
import type { TweetQueryFields } from './x-fields';
import { renderXUser } from './x-user-view';
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

export interface RenderedTweets {
  data: Record<string, unknown>[];
  errors: Record<string, unknown>[];
  includes?: Record<string, unknown[]>;
}

/**
 * docs/networks.md, X · Partial errors: private metrics are for the author's own posts younger than 30 days; otherwise the
 * post is dropped from `data` and each refused field is listed in `errors`, still with 200.
 */
export function renderTweets(
  ctx: SandboxContext,
  tweets: XTweet[],
  viewer: XUser,
  fields: TweetQueryFields,
  baseUrl: string,
  parameter = 'ids',
): RenderedTweets {
  const now = ctx.clock.now();
  const data: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  const mediaKeys = new Map<string, XMedia>();
  const userIds = new Set<string>();
  const requestedPrivate = Object.keys(PRIVATE_FIELDS).filter((field) => fields.tweet.has(field));

  for (const tweet of tweets) {
    if (requestedPrivate.length && (tweet.authorId !== viewer.id || now - tweet.createdAt > PRIVATE_WINDOW_MS)) {
      for (const group of requestedPrivate) {
        for (const sub of PRIVATE_FIELDS[group] ?? []) {
          errors.push({
            resource_type: 'tweet',
            field: `${group}.${sub}`,
            parameter,
            resource_id: tweet.id,
            title: 'Field Authorization Error',
            section: 'data',
            detail: `Sorry, you are not authorized to access '${group}.${sub}' on the Tweet with ${parameter} : [${tweet.id}].`,
            value: tweet.id,
            type: `${X_PROBLEM_BASE}not-authorized-for-field`,
          });
        }
      }
      continue;
    }
    const view: Record<string, unknown> = { id: tweet.id, text: tweet.text, edit_history_tweet_ids: [tweet.id] };
    const f = fields.tweet;
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
      const references = [
        ...(tweet.replyToId ? [{ type: 'replied_to', id: tweet.replyToId }] : []),
        ...(tweet.quoteTweetId ? [{ type: 'quoted', id: tweet.quoteTweetId }] : []),
      ];
      if (references.length) view.referenced_tweets = references;
    }
    const media = tweet.mediaIds.map((id) => ctx.state.x.media.get(id)).filter((item): item is XMedia => item !== undefined);
    if (f.has('attachments') && media.length) view.attachments = { media_keys: media.map((item) => item.mediaKey) };
    if (fields.expansions.has('attachments.media_keys')) for (const item of media) mediaKeys.set(item.mediaKey, item);
    if (fields.expansions.has('author_id')) userIds.add(tweet.authorId);
    if (f.has('public_metrics') || requestedPrivate.length) {
      const metrics = tweetMetrics(ctx, tweet);
      if (f.has('public_metrics')) view.public_metrics = metrics.public_metrics;
      if (f.has('non_public_metrics')) view.non_public_metrics = metrics.non_public_metrics;
      if (f.has('organic_metrics')) view.organic_metrics = metrics.organic_metrics;
    }
    data.push(view);
  }

  const includes: Record<string, unknown[]> = {};
  if (mediaKeys.size) {
    includes.media = [...mediaKeys.values()].map((item) => {
      const view: Record<string, unknown> = { media_key: item.mediaKey, type: mediaType(item) };
      if (fields.media.has('alt_text') && item.altText) view.alt_text = item.altText;
      if (fields.media.has('url') && mediaType(item) === 'photo') view.url = `${baseUrl}/_sandbox/media/x/${item.id}`;
      if (fields.media.has('width')) view.width = 1200;
      if (fields.media.has('height')) view.height = 675;
      return view;
    });
  }
  if (userIds.size) {
    includes.users = [...userIds]
      .map((id) => ctx.state.x.users.get(id))
      .filter((user): user is XUser => user !== undefined)
      .map((user) => renderXUser(ctx, user, fields.user, baseUrl));
  }
  return { data, errors, ...(Object.keys(includes).length ? { includes } : {}) };
}
