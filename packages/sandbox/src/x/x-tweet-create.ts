import { xWeightedLength } from '@postflow/contract/client';
import type { SandboxContext } from '../context';
import { isProcessed } from './x-media';
import { xDuplicateContent, xForbidden, xInvalidParameter, xInvalidRequest } from './x-errors';
import { mediaType } from './x-tweet-view';
import type { XMedia, XTweet, XUser } from './x-store';
import { addTweet, duplicateKey } from './x-store';

/** TweetCreateRequest properties (openapi v2.166, `additionalProperties: false`; docs/networks.md, X · Creating and deleting posts). */
const ALLOWED_KEYS = new Set([
  'text',
  'reply',
  'media',
  'quote_tweet_id',
  'poll',
  'reply_settings',
  'community_id',
  'share_with_followers',
  'for_super_followers_only',
  'nullcast',
  'geo',
  'edit_options',
  'made_with_ai',
  'paid_partnership',
  'card_uri',
  'direct_message_deep_link',
]);

const MEDIA_INVALID = 'Your media IDs are invalid.';
const NOT_SUMMONED =
  'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.';

function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function expectString(path: string, value: unknown): string {
  if (typeof value !== 'string')
    throw xInvalidParameter(path.replace(/^\$\./, ''), value, `${path}: ${typeName(value)} found, string expected`);
  return value;
}

function validMedia(ctx: SandboxContext, author: XUser, ids: string[], now: number): XMedia[] {
  const media = ids.map((id) => ctx.state.x.media.get(id));
  const usable = media.every(
    (item) =>
      item !== undefined &&
      (item.ownerId === author.id || item.additionalOwners.includes(author.id)) &&
      isProcessed(item, now) &&
      now < item.expiresAt &&
      !item.category.startsWith('dm_') &&
      item.category !== 'subtitles',
  );
  if (!usable) throw xInvalidParameter('media.media_ids', ids, MEDIA_INVALID);
  const items = media as XMedia[];
  const types = items.map(mediaType);
  // Best-practices doc: at most 4 photos, or 1 GIF, or 1 video.
  if (types.some((type) => type !== 'photo') && items.length > 1) throw xInvalidParameter('media.media_ids', ids, MEDIA_INVALID);
  return items;
}

export interface CreateTweetInput {
  author: XUser;
  clientId: string;
  body: unknown;
  receivedAt: number;
}

export function createTweet(ctx: SandboxContext, input: CreateTweetInput): XTweet {
  const { author, body } = input;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw xInvalidRequest([{ parameters: {}, message: '$: object expected' }]);
  }
  const request = body as Record<string, unknown>;
  for (const key of Object.keys(request)) {
    if (!ALLOWED_KEYS.has(key)) {
      throw xInvalidParameter(
        key,
        request[key],
        `$.${key}: is not defined in the schema and the schema does not allow additional properties`,
      );
    }
  }
  const now = ctx.clock.now();
  const text = request.text === undefined ? '' : expectString('$.text', request.text);

  let mediaIds: string[] = [];
  if (request.media !== undefined) {
    const media = request.media as { media_ids?: unknown };
    if (typeof media !== 'object' || media === null || !Array.isArray(media.media_ids)) {
      throw xInvalidParameter('media.media_ids', media, '$.media.media_ids: array expected');
    }
    if (media.media_ids.length > 4) {
      throw xInvalidParameter('media.media_ids', media.media_ids, '$.media.media_ids: there must be a maximum of 4 items in the array');
    }
    if (media.media_ids.length < 1) {
      throw xInvalidParameter('media.media_ids', media.media_ids, '$.media.media_ids: there must be a minimum of 1 items in the array');
    }
    mediaIds = media.media_ids.map((id, index) => {
      const value = expectString(`$.media.media_ids[${index}]`, id);
      if (!/^[0-9]{1,19}$/.test(value)) {
        throw xInvalidParameter(
          `media.media_ids[${index}]`,
          value,
          `$.media.media_ids[${index}]: does not match the regex pattern ^[0-9]{1,19}$`,
        );
      }
      return value;
    });
    for (const exclusive of ['poll', 'quote_tweet_id', 'card_uri']) {
      if (request[exclusive] !== undefined) {
        throw xInvalidParameter(exclusive, request[exclusive], `$.media and $.${exclusive} are mutually exclusive`);
      }
    }
  }
  if (!text && mediaIds.length === 0) {
    throw xInvalidParameter('text', text, '$.text: text is required when no media is attached');
  }
  if (xWeightedLength(text) > ctx.options.x.maxWeightedLength) {
    throw xInvalidParameter('text', text, 'Your Tweet text is too long.');
  }
  const media = mediaIds.length ? validMedia(ctx, author, mediaIds, now) : [];

  let parent: XTweet | undefined;
  const reply = request.reply as { in_reply_to_tweet_id?: unknown } | undefined;
  if (reply !== undefined) {
    const parentId = expectString('$.reply.in_reply_to_tweet_id', reply?.in_reply_to_tweet_id);
    parent = ctx.state.x.tweets.get(parentId);
    if (!parent || parent.deleted) {
      throw xInvalidParameter(
        'reply.in_reply_to_tweet_id',
        parentId,
        'The Post you are replying to has been deleted or is not visible to you.',
      );
    }
    // Changelog 2026-02-23: replies need the parent's author to have summoned the replier.
    // Self-threads are allowed here (UNCERTAIN in docs/networks.md, X · Creating and deleting posts).
    if (parent.authorId !== author.id && !new RegExp(`(^|[^\\w])@${author.username}\\b`, 'i').test(parent.text)) {
      throw xForbidden(NOT_SUMMONED);
    }
  }
  let quoteTweetId: string | undefined;
  if (request.quote_tweet_id !== undefined) {
    quoteTweetId = expectString('$.quote_tweet_id', request.quote_tweet_id);
    const quoted = ctx.state.x.tweets.get(quoteTweetId);
    if (!quoted || quoted.deleted)
      throw xInvalidParameter('quote_tweet_id', quoteTweetId, 'The Post you are quoting has been deleted or is not visible to you.');
  }

  if (text) {
    const existingId = ctx.state.x.latestTweetByText.get(duplicateKey(author.id, text));
    const existing = existingId ? ctx.state.x.tweets.get(existingId) : undefined;
    if (existing && !existing.deleted && now - existing.createdAt < ctx.options.x.duplicateWindowMs) throw xDuplicateContent();
  }

  const id = ctx.ids.x.next(now);
  const tweet: XTweet = {
    id,
    authorId: author.id,
    clientId: input.clientId,
    text,
    createdAt: now,
    receivedAt: input.receivedAt,
    arrivedAt: input.receivedAt - ctx.clock.offsetMs,
    mediaIds: media.map((item) => item.id),
    ...(parent ? { replyToId: parent.id, inReplyToUserId: parent.authorId } : {}),
    ...(quoteTweetId ? { quoteTweetId } : {}),
    conversationId: parent?.conversationId ?? id,
    deleted: false,
  };
  addTweet(ctx.state.x, tweet);
  ctx.markDirty();
  return tweet;
}

export function deleteTweet(ctx: SandboxContext, tweet: XTweet, caller: XUser): void {
  if (tweet.authorId !== caller.id) throw xForbidden('You are not allowed to delete a Tweet that you did not author.');
  tweet.deleted = true;
  tweet.deletedAt = ctx.clock.now();
  const key = duplicateKey(tweet.authorId, tweet.text);
  if (ctx.state.x.latestTweetByText.get(key) === tweet.id) ctx.state.x.latestTweetByText.delete(key);
  ctx.metrics.forget('x', tweet.id);
  ctx.markDirty();
}
