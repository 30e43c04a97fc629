import type { SandboxContext } from './context';
import { X_EPOCH_MS } from './ids';
import { addPost, personUrn, type LinkedInMember } from './linkedin/linkedin-store';
import { seededRandom, type Random } from './random';
import { addTweet, compareIds, type XUser } from './x/x-store';

/**
 * Past posts for a persona, so an app that imports a new account's history has something to learn
 * from at once (analytics and insights need weeks of posts at many hours). Each post is dated in
 * the past, at a random hour, and its numbers come from the same audience model as any other
 * post, so the model's planted effects (hour, weekday, length, hashtags, images) are in them.
 */
/** What the consent page's history box gives: enough posts for insights to find the model's effects. */
export const CONSENT_HISTORY: HistoryOptions = { days: 180, postsPerDay: 1.5 };

export interface HistoryOptions {
  days: number;
  postsPerDay: number;
  seed?: string;
}

const TOPICS = [
  'our product launch',
  'remote work',
  'customer stories',
  'a design review',
  'what we learned shipping',
  'hiring',
  'pricing',
  'the roadmap',
];
const OPENERS = ['Thoughts on', 'A note about', 'Lessons from', 'Quick update on', 'Behind the scenes of', 'Three things about'];
const TAGS = ['#startup', '#buildinpublic', '#product', '#design', '#marketing', '#saas', '#remote', '#growth'];
const FILLER =
  'We spent the week talking with customers and the pattern was clear: fewer steps, clearer words, and numbers people can trust. Here is what we are changing next, and why it matters for everyone who relies on us every day.';

function text(random: Random, maxLength: number): string {
  const topic = TOPICS[Math.floor(random() * TOPICS.length)] as string;
  const opener = OPENERS[Math.floor(random() * OPENERS.length)] as string;
  const size = random();
  const body =
    size < 0.25
      ? `${opener} ${topic}.`
      : size < 0.65
        ? `${opener} ${topic}. ${FILLER.slice(0, 60 + Math.floor(random() * 40))}.`
        : `${opener} ${topic}. ${FILLER}`;
  const tagCount = Math.floor(random() * 5);
  const tags = Array.from({ length: tagCount }, (_, index) => TAGS[(Math.floor(random() * TAGS.length) + index) % TAGS.length]).join(' ');
  const full = tags ? `${body} ${tags}` : body;
  return full.length > maxLength ? body.slice(0, maxLength) : full;
}

/**
 * When each past post went out: a day within the range and a time of day, chosen apart, so the
 * same seed gives the same hours whenever it runs (the audience model's effects depend on them).
 */
function instants(options: HistoryOptions, now: number, random: Random): number[] {
  const count = Math.round(options.days * options.postsPerDay);
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  return Array.from({ length: count }, () => {
    const daysAgo = 1 + Math.floor(random() * options.days);
    return today - daysAgo * 86_400_000 + Math.floor(random() * 86_400) * 1000;
  }).sort((a, b) => a - b);
}

const snowflake = (epochMs: number, at: number, sequence: number) =>
  ((BigInt(Math.max(0, Math.floor(at - epochMs))) << 22n) | (2n << 12n) | BigInt(sequence & 0xfff)).toString();

export function seedXHistory(ctx: SandboxContext, user: XUser, options: HistoryOptions): number {
  // With a seed the history is the same every time (tests); without, it differs per persona.
  const random = options.seed ? seededRandom(options.seed, 'x') : seededRandom('history', 'x', user.id);
  const now = ctx.clock.now();
  const created = instants(options, now, random);
  created.forEach((at, index) => {
    const id = snowflake(X_EPOCH_MS, at, index);
    const mediaIds: string[] = [];
    if (random() < 0.35) {
      const mediaId = snowflake(X_EPOCH_MS, at - 60_000, index);
      ctx.state.x.media.set(mediaId, {
        id: mediaId,
        mediaKey: `3_${mediaId}`,
        ownerId: user.id,
        additionalOwners: [],
        mediaType: 'image/png',
        category: 'tweet_image',
        totalBytes: 2048,
        segments: {},
        createdAt: at - 60_000,
        expiresAt: at + 86_400_000,
        finalizedAt: at - 59_000,
        needsProcessing: false,
      });
      mediaIds.push(mediaId);
    }
    addTweet(ctx.state.x, {
      id,
      authorId: user.id,
      clientId: 'sandbox-history',
      text: `${text(random, 265)} · post ${index + 1}`,
      createdAt: at,
      receivedAt: at,
      mediaIds,
      conversationId: id,
      deleted: false,
    });
  });
  // Timelines read the author's list newest last; history may arrive after newer posts.
  ctx.state.x.tweetIdsByAuthor.get(user.id)?.sort(compareIds);
  ctx.markDirty();
  return created.length;
}

export function seedLinkedInHistory(ctx: SandboxContext, member: LinkedInMember, options: HistoryOptions): number {
  const random = options.seed ? seededRandom(options.seed, 'linkedin') : seededRandom('history', 'linkedin', member.sub);
  const now = ctx.clock.now();
  const author = personUrn(member.sub);
  const created = instants(options, now, random);
  created.forEach((at, index) => {
    const commentary = `${text(random, 1200)} · post ${index + 1}`;
    addPost(ctx.state.linkedin, {
      urn: `urn:li:share:${snowflake(0, at, index)}`,
      author,
      createdBy: member.sub,
      clientId: 'sandbox-history',
      commentary,
      publishedCommentary: commentary,
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      ...(random() < 0.35 ? { content: { media: { id: `urn:li:image:H${snowflake(0, at, index)}` } } } : {}),
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      createdAt: at,
      receivedAt: at,
      lastModifiedAt: at,
      deleted: false,
    });
  });
  ctx.state.linkedin.postUrnsByAuthor.get(author)?.sort((a, b) => compareIds(a.split(':').pop() ?? '', b.split(':').pop() ?? ''));
  ctx.markDirty();
  return created.length;
}

/** Whether the persona already has posts older than a day (seeded history, or real use). */
export function hasHistory(ctx: SandboxContext, network: 'x' | 'linkedin', id: string): boolean {
  const dayAgo = ctx.clock.now() - 86_400_000;
  if (network === 'x') {
    return (ctx.state.x.tweetIdsByAuthor.get(id) ?? []).some(
      (tweetId) => (ctx.state.x.tweets.get(tweetId)?.createdAt ?? Infinity) < dayAgo,
    );
  }
  return (ctx.state.linkedin.postUrnsByAuthor.get(personUrn(id)) ?? []).some(
    (urn) => (ctx.state.linkedin.posts.get(urn)?.createdAt ?? Infinity) < dayAgo,
  );
}
