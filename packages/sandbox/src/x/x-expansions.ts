import type { SandboxContext } from '../context';
import { xResourceNotFoundError } from './x-errors';
import type { TweetQueryFields } from './x-fields';
import type { XMedia, XTweet, XUser } from './x-store';
import { mediaOf, mediaType, privateFieldErrors, referencesOf, renderTweet } from './x-tweet-view';
import { renderXUser } from './x-user-view';

/**
 * docs/networks.md, X · Fields and expansions: an expansion puts its linking field in `data` ("the author_id in data
 * links to the user object in includes") as well as the objects in `includes`, whether or not tweet.fields asks for it.
 */
const LINKING_FIELDS: Record<string, string> = {
  author_id: 'author_id',
  'attachments.media_keys': 'attachments',
  'referenced_tweets.id': 'referenced_tweets',
  'referenced_tweets.id.author_id': 'referenced_tweets',
  in_reply_to_user_id: 'in_reply_to_user_id',
};

export function withLinkingFields(tweetFields: Set<string>, expansions: Set<string>): Set<string> {
  const fields = new Set(tweetFields);
  for (const expansion of expansions) {
    const field = LINKING_FIELDS[expansion];
    if (field) fields.add(field);
  }
  return fields;
}

export interface RenderedTweets {
  data: Record<string, unknown>[];
  errors: Record<string, unknown>[];
  includes?: Record<string, unknown[]>;
}

/** Posts as a lookup or a timeline answers them: `data`, the expansions' `includes`, and partial `errors`. */
export function renderTweets(
  ctx: SandboxContext,
  tweets: XTweet[],
  viewer: XUser,
  fields: TweetQueryFields,
  baseUrl: string,
  parameter = 'ids',
): RenderedTweets {
  const data: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  const shown: XTweet[] = [];
  const dataFields = withLinkingFields(fields.tweet, fields.expansions);
  for (const tweet of tweets) {
    const refused = privateFieldErrors(ctx, tweet, viewer, fields.tweet, parameter, 'data');
    if (refused.length) {
      errors.push(...refused);
      continue;
    }
    shown.push(tweet);
    data.push(renderTweet(ctx, tweet, dataFields));
  }
  const expanded = expandTweets(ctx, shown, viewer, fields, baseUrl);
  errors.push(...expanded.errors);
  return { data, errors, ...(expanded.includes ? { includes: expanded.includes } : {}) };
}

/** The referenced posts, users and media the expansions ask for; a referenced post that is gone is a partial error. */
function expandTweets(
  ctx: SandboxContext,
  shown: XTweet[],
  viewer: XUser,
  fields: TweetQueryFields,
  baseUrl: string,
): { includes?: Record<string, unknown[]>; errors: Record<string, unknown>[] } {
  const { expansions } = fields;
  const errors: Record<string, unknown>[] = [];
  const media = new Map<string, XMedia>();
  const userIds = new Set<string>();
  const referenced = new Map<string, XTweet>();

  for (const tweet of shown) {
    if (expansions.has('author_id')) userIds.add(tweet.authorId);
    if (expansions.has('in_reply_to_user_id') && tweet.inReplyToUserId) userIds.add(tweet.inReplyToUserId);
    if (expansions.has('attachments.media_keys')) for (const item of mediaOf(ctx, tweet)) media.set(item.mediaKey, item);
    if (!expansions.has('referenced_tweets.id') && !expansions.has('referenced_tweets.id.author_id')) continue;
    for (const { id } of referencesOf(tweet)) {
      const target = ctx.state.x.tweets.get(id);
      if (target && !target.deleted) {
        referenced.set(id, target);
      } else if (expansions.has('referenced_tweets.id') && !errors.some((error) => error.resource_id === id)) {
        errors.push({ ...xResourceNotFoundError('tweet', 'referenced_tweets.id', id, false), section: 'includes' });
      }
    }
  }

  const includedTweets: Record<string, unknown>[] = [];
  const includedFields = new Set(fields.tweet);
  if (expansions.has('referenced_tweets.id.author_id')) includedFields.add('author_id');
  for (const tweet of referenced.values()) {
    if (expansions.has('referenced_tweets.id.author_id')) userIds.add(tweet.authorId);
    if (!expansions.has('referenced_tweets.id')) continue;
    const refused = privateFieldErrors(ctx, tweet, viewer, fields.tweet, 'referenced_tweets.id', 'includes');
    if (refused.length) errors.push(...refused);
    else includedTweets.push(renderTweet(ctx, tweet, includedFields));
  }

  const includes: Record<string, unknown[]> = {};
  if (media.size) {
    includes.media = [...media.values()].map((item) => {
      const view: Record<string, unknown> = { media_key: item.mediaKey, type: mediaType(item) };
      if (fields.media.has('alt_text') && item.altText) view.alt_text = item.altText;
      if (fields.media.has('url') && mediaType(item) === 'photo') view.url = `${baseUrl}/_sandbox/media/x/${item.id}`;
      if (fields.media.has('width')) view.width = 1200;
      if (fields.media.has('height')) view.height = 675;
      return view;
    });
  }
  const users = [...userIds]
    .map((id) => ctx.state.x.users.get(id))
    .filter((user): user is XUser => user !== undefined)
    .map((user) => renderXUser(ctx, user, fields.user, baseUrl));
  if (users.length) includes.users = users;
  if (includedTweets.length) includes.tweets = includedTweets;
  return { errors, ...(Object.keys(includes).length ? { includes } : {}) };
}
