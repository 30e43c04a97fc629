import { xInvalidParameter } from './x-errors';

export const TWEET_FIELDS = [
  'article',
  'attachments',
  'author_id',
  'card_uri',
  'community_id',
  'context_annotations',
  'conversation_id',
  'created_at',
  'display_text_range',
  'edit_controls',
  'edit_history_tweet_ids',
  'entities',
  'geo',
  'id',
  'in_reply_to_user_id',
  'lang',
  'media_metadata',
  'non_public_metrics',
  'note_tweet',
  'organic_metrics',
  'possibly_sensitive',
  'promoted_metrics',
  'public_metrics',
  'referenced_tweets',
  'reply_settings',
  'scopes',
  'source',
  'text',
  'withheld',
];

export const USER_FIELDS = [
  'affiliation',
  'confirmed_email',
  'connection_status',
  'created_at',
  'description',
  'entities',
  'id',
  'is_identity_verified',
  'location',
  'most_recent_tweet_id',
  'name',
  'parody',
  'pinned_tweet_id',
  'profile_banner_url',
  'profile_image_url',
  'protected',
  'public_metrics',
  'receives_your_dm',
  'subscription',
  'subscription_type',
  'url',
  'username',
  'verified',
  'verified_followers_count',
  'verified_type',
  'withheld',
];

export const MEDIA_FIELDS = [
  'alt_text',
  'duration_ms',
  'height',
  'media_key',
  'non_public_metrics',
  'organic_metrics',
  'preview_image_url',
  'promoted_metrics',
  'public_metrics',
  'type',
  'url',
  'variants',
  'width',
];

/**
 * docs/networks.md, X · Fields and expansions: every post expansion X documents is accepted; those the sandbox has no
 * objects for (polls, places, mentions, edit history) are accepted and left out, as unknown fields are.
 */
export const TWEET_EXPANSIONS = [
  'attachments.media_keys',
  'attachments.poll_ids',
  'author_id',
  'edit_history_tweet_ids',
  'entities.mentions.username',
  'geo.place_id',
  'in_reply_to_user_id',
  'referenced_tweets.id',
  'referenced_tweets.id.author_id',
];

function list(query: Record<string, unknown>, name: string, allowed: string[]): Set<string> {
  const raw = query[name];
  const value = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : '';
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!allowed.includes(item)) {
      throw xInvalidParameter(name, item, `The \`${name}\` query parameter value [${item}] is not one of [${allowed.join(',')}]`);
    }
  }
  return new Set(items);
}

export interface TweetQueryFields {
  tweet: Set<string>;
  user: Set<string>;
  media: Set<string>;
  expansions: Set<string>;
}

/** docs/networks.md, X · Reading posts and metrics: openapi v2.167 renamed tweet.fields to post.fields; accept both. */
export function parseTweetQueryFields(query: Record<string, unknown>): TweetQueryFields {
  const tweet = list(query, 'tweet.fields', TWEET_FIELDS);
  for (const field of list(query, 'post.fields', TWEET_FIELDS)) tweet.add(field);
  return {
    tweet,
    user: list(query, 'user.fields', USER_FIELDS),
    media: list(query, 'media.fields', MEDIA_FIELDS),
    expansions: list(query, 'expansions', TWEET_EXPANSIONS),
  };
}

export function parseUserFields(query: Record<string, unknown>): Set<string> {
  return list(query, 'user.fields', USER_FIELDS);
}
