import type { z } from 'zod';
import { Unavailable } from '../errors';
import type { HttpResponse } from '../http/http-client';
import { jsonOrUndefined, parseJsonAnswer } from '../http/parse';
import type { MetricsOptions, PostMetrics } from '../social-provider';
import { isAccessDenied, linkedInApiError, type LinkedInCall } from './linkedin-errors';
import {
  batchSchema,
  linkedInMemberPostAnalyticsSchema,
  linkedInPostAuthorSchema,
  linkedInShareStatisticsSchema,
  linkedInSocialMetadataSchema,
} from './linkedin-schemas';
import { encodeKey, organizationIdOf, organizationUrn, restliList } from './restli';

/** Keeps each BATCH_GET well under LinkedIn's 4 KB query-string limit (docs/networks.md, LinkedIn · Rest.li conventions). */
export const LINKEDIN_BATCH = 20;

const READ: LinkedInCall = { kind: 'read', subject: 'the request' };

/** docs/networks.md, LinkedIn · Scopes and access, Member post analytics: member post analytics need this restricted (Community Management) scope… */
export const MEMBER_ANALYTICS_SCOPE = 'r_member_postAnalytics';
/** …and a LinkedIn-Version of 202506 or later. */
const MEMBER_ANALYTICS_FIRST_VERSION = '202506';

export interface LinkedInMetricsContext {
  get: (path: string) => Promise<HttpResponse>;
  now: () => Date;
  /** The scopes granted with the token, when known (undefined or empty: unknown, so try). */
  scopes?: string[] | undefined;
  /** The `LinkedIn-Version` the calls send (YYYYMM). */
  version?: string | undefined;
  /**
   * Asked before each per-post call (member impressions, docs/networks.md, LinkedIn · Member post analytics): true means allowed. Undefined: no
   * budget, every call is allowed.
   */
  spend?: ((calls: number) => Promise<boolean>) | undefined;
}

interface Engagement {
  likes: number;
  comments: number;
}

interface ShareStatistics {
  impressions: number;
  clicks: number;
  shares: number;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** BATCH_GET keys come back as sent; be tolerant of them still being encoded. */
function decodeKey(key: string): string {
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

async function readBatch<T extends z.ZodType>(
  context: LinkedInMetricsContext,
  path: string,
  schema: T,
): Promise<Map<string, z.infer<T>> | 'denied'> {
  const response = await context.get(path);
  if (isAccessDenied(response)) return 'denied';
  if (response.status < 200 || response.status > 299) throw linkedInApiError(response, READ, context.now());
  const batch = parseJsonAnswer(batchSchema(schema), response, { networkName: 'LinkedIn', kind: 'read' });
  return new Map(Object.entries(batch.results).map(([key, value]) => [decodeKey(key), value as z.infer<T>]));
}

function sumReactions(summaries: z.infer<typeof linkedInSocialMetadataSchema>['reactionSummaries']): number {
  const list = Array.isArray(summaries) ? summaries : Object.values(summaries ?? {});
  return list.reduce((total, summary) => total + summary.count, 0);
}

/** docs/networks.md, LinkedIn · Reactions and comments: reactions and comments of any post the token may read. */
async function readEngagement(context: LinkedInMetricsContext, urns: string[]): Promise<Map<string, Engagement> | 'denied'> {
  const engagement = new Map<string, Engagement>();
  for (const chunk of chunks(urns, LINKEDIN_BATCH)) {
    const batch = await readBatch(context, `/rest/socialMetadata?ids=${restliList(chunk)}`, linkedInSocialMetadataSchema);
    if (batch === 'denied') return 'denied';
    for (const [urn, metadata] of batch) {
      engagement.set(urn, { likes: sumReactions(metadata.reactionSummaries), comments: metadata.commentSummary?.count ?? 0 });
    }
  }
  return engagement;
}

/** Which posts an organisation wrote: only those have share statistics (docs/networks.md, LinkedIn · Organisation post statistics). */
async function readOrganizationAuthors(context: LinkedInMetricsContext, urns: string[]): Promise<Map<string, string>> {
  const authors = new Map<string, string>();
  for (const chunk of chunks(urns, LINKEDIN_BATCH)) {
    const batch = await readBatch(context, `/rest/posts?ids=${restliList(chunk)}`, linkedInPostAuthorSchema);
    // Reading posts needs r_member_social or r_organization_social; without it they count as member posts.
    if (batch === 'denied') return authors;
    for (const [urn, post] of batch) {
      const organizationId = organizationIdOf(post.author);
      if (organizationId) authors.set(urn, organizationId);
    }
  }
  return authors;
}

/** docs/networks.md, LinkedIn · Organisation post statistics: lifetime statistics of an organisation's posts; undefined without the admin scope. */
async function readShareStatistics(
  context: LinkedInMetricsContext,
  organizationId: string,
  urns: string[],
): Promise<Map<string, ShareStatistics> | undefined> {
  const statistics = new Map<string, ShareStatistics>();
  for (const chunk of chunks(urns, LINKEDIN_BATCH)) {
    const shares = chunk.filter((urn) => urn.startsWith('urn:li:share:'));
    const ugcPosts = chunk.filter((urn) => urn.startsWith('urn:li:ugcPost:'));
    const path =
      `/rest/organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeKey(organizationUrn(organizationId))}` +
      (shares.length > 0 ? `&shares=${restliList(shares)}` : '') +
      (ugcPosts.length > 0 ? `&ugcPosts=${restliList(ugcPosts)}` : '');
    const response = await context.get(path);
    if (isAccessDenied(response)) return undefined;
    if (response.status < 200 || response.status > 299) throw linkedInApiError(response, READ, context.now());
    const { elements } = parseJsonAnswer(linkedInShareStatisticsSchema, response, { networkName: 'LinkedIn', kind: 'read' });
    // "Shares with no actions or impressions are not included": a missing post has zeros.
    for (const urn of chunk) statistics.set(urn, { impressions: 0, clicks: 0, shares: 0 });
    for (const element of elements) {
      const urn = element.share ?? element.ugcPost;
      if (!urn) continue;
      const totals = element.totalShareStatistics;
      statistics.set(urn, { impressions: totals.impressionCount ?? 0, clicks: totals.clickCount ?? 0, shares: totals.shareCount ?? 0 });
    }
  }
  return statistics;
}

/** docs/networks.md, LinkedIn · Member post analytics: the restli tuple naming one post; the urn inside is encoded, the tuple itself literal. */
function creatorPostEntity(urn: string): string | undefined {
  if (urn.startsWith('urn:li:share:')) return `(share:${encodeKey(urn)})`;
  if (urn.startsWith('urn:li:ugcPost:')) return `(ugc:${encodeKey(urn)})`;
  return undefined;
}

function mayReadMemberAnalytics(context: LinkedInMetricsContext): boolean {
  if (context.version !== undefined && context.version < MEMBER_ANALYTICS_FIRST_VERSION) return false;
  // A token known to lack the scope would only be refused: spare the calls.
  return !context.scopes?.length || context.scopes.includes(MEMBER_ANALYTICS_SCOPE);
}

/**
 * docs/networks.md, LinkedIn · Member post analytics: lifetime impressions of the member's own posts, one call per post (the finder takes one
 * entity and one metric), each first allowed by `context.spend`. Impressions are extra: whatever
 * goes wrong leaves them unknown and keeps the engagement already read (docs/networks.md, LinkedIn · What a self-serve app can read: degrade, not fail).
 * A refused budget, a 403 (no r_member_postAnalytics), a 429, any other failure or an unreadable
 * answer ends the reading, and the rest stay unknown this time; a post LinkedIn has no analytics
 * for (400, 404, no element) stays unknown alone. Only a 401 throws: the token itself is refused.
 */
async function readMemberImpressions(context: LinkedInMetricsContext, urns: string[]): Promise<Map<string, number>> {
  const impressions = new Map<string, number>();
  if (!mayReadMemberAnalytics(context)) return impressions;
  for (const urn of urns) {
    const entity = creatorPostEntity(urn);
    if (!entity) continue;
    if (context.spend && !(await context.spend(1))) break;
    let response: HttpResponse;
    try {
      response = await context.get(`/rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=IMPRESSION&aggregation=TOTAL`);
    } catch (error) {
      // A cut connection or a timeout costs the rest of the impressions, as a 5xx does, not the batch.
      if (error instanceof Unavailable) break;
      throw error;
    }
    if (response.status === 401) throw linkedInApiError(response, READ, context.now());
    if (response.status === 400 || response.status === 404) continue;
    if (response.status < 200 || response.status > 299) break;
    const answer = linkedInMemberPostAnalyticsSchema.safeParse(jsonOrUndefined(response.text));
    if (!answer.success) break;
    const { elements } = answer.data;
    if (elements.length > 0)
      impressions.set(
        urn,
        elements.reduce((total, element) => total + element.count, 0),
      );
  }
  return impressions;
}

/**
 * Metrics of LinkedIn posts. Self-serve apps can read none (docs/networks.md, LinkedIn · What a self-serve app can read): when LinkedIn denies the
 * reactions and comments, no post has metrics and the answer is empty; when only the organisation
 * statistics are denied, impressions and clicks are undefined. The member's own posts get their
 * impressions from member post analytics when the token may read them (docs/networks.md, LinkedIn · Member post analytics), `context.spend`
 * allows and `options.worthACall` (when given) names them, otherwise they are undefined. Deleted
 * posts are left out.
 */
export async function linkedInMetrics(
  context: LinkedInMetricsContext,
  postIds: string[],
  options: Pick<MetricsOptions, 'organizationId'> & { worthACall?: ReadonlySet<string> | undefined } = {},
): Promise<PostMetrics[]> {
  const urns = [...new Set(postIds)].filter((id) => /^urn:li:(?:share|ugcPost):\S+$/.test(id));
  if (urns.length === 0) return [];
  const engagement = await readEngagement(context, urns);
  if (engagement === 'denied') return [];
  const readable = urns.filter((urn) => engagement.has(urn));

  const organizationOf = options.organizationId
    ? new Map(readable.map((urn) => [urn, options.organizationId as string]))
    : await readOrganizationAuthors(context, readable);
  const statistics = new Map<string, ShareStatistics>();
  for (const organizationId of new Set(organizationOf.values())) {
    const posts = readable.filter((urn) => organizationOf.get(urn) === organizationId);
    const organizationStatistics = await readShareStatistics(context, organizationId, posts);
    for (const [urn, values] of organizationStatistics ?? []) statistics.set(urn, values);
  }
  const memberPosts = readable.filter((urn) => !organizationOf.has(urn) && (options.worthACall?.has(urn) ?? true));
  const memberImpressions = await readMemberImpressions(context, memberPosts);

  return readable.map((urn) => {
    const { likes, comments } = engagement.get(urn) as Engagement;
    const shareStatistics = statistics.get(urn);
    return {
      postId: urn,
      impressions: shareStatistics?.impressions ?? memberImpressions.get(urn),
      likes,
      comments,
      // Member posts: LinkedIn gives reshare counts only to member analytics (r_member_postAnalytics, docs/networks.md, LinkedIn · Member post analytics).
      shares: shareStatistics?.shares ?? 0,
      clicks: shareStatistics?.clicks,
    };
  });
}
