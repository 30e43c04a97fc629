import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerNetworkRoute } from '../network-route';
import { canReadAs, isAdministrator, parseAuthorUrn } from './linkedin-access';
import { accessDenied, authenticateLinkedIn, type LinkedInCaller } from './linkedin-auth';
import { linkedInIllegalArgument, linkedInNotFound } from './linkedin-errors';
import { addStats, EMPTY_STATS, linkedInPostStats, shareStatistics, subtractStats, type LinkedInPostStats } from './linkedin-post-metrics';
import { organizationFollowersNow } from './linkedin-personas';
import { restliQuery } from './linkedin-request';
import type { LinkedInOrganization, LinkedInPost } from './linkedin-store';
import { asList, asObject, asString, type RestliValue } from './restli';
import { parseTimeIntervals } from './time-intervals';

const ORGANIZATION_ADMIN = ['rw_organization_admin', 'r_organization_admin'];
const SOCIAL_METADATA_MEMBER = ['r_member_social_feed', 'r_member_social'];
const SOCIAL_METADATA_ORGANIZATION = ['r_organization_social_feed', 'r_organization_social'];
const TWELVE_MONTHS_MS = 365 * 86_400_000;
const CREATOR_METRIC_TYPE = 'com.linkedin.adsexternalapi.memberanalytics.v1.CreatorPostAnalyticsMetricTypeV1';

function administeredOrganization(
  ctx: SandboxContext,
  caller: LinkedInCaller,
  urn: string | undefined,
  resource: string,
): LinkedInOrganization {
  const target = parseAuthorUrn(urn ?? '');
  if (typeof target !== 'object' || target.kind !== 'organization')
    throw linkedInIllegalArgument('organizationalEntity must be an organization urn');
  const organization = ctx.state.linkedin.organizations.get(target.id);
  if (!organization) throw linkedInNotFound(`Organization ${target.id} not found`);
  // docs/networks.md, LinkedIn · Scopes and access, Organisation post statistics: statistics need an ADMINISTRATOR role.
  if (!isAdministrator(ctx, caller, organization.id)) throw accessDenied(caller, resource);
  return organization;
}

function statsBetween(ctx: SandboxContext, posts: LinkedInPost[], start: number, end: number): LinkedInPostStats {
  let total = EMPTY_STATS;
  for (const post of posts) total = addStats(total, subtractStats(linkedInPostStats(ctx, post, end), linkedInPostStats(ctx, post, start)));
  return total;
}

function followerBreakdown(total: number, buckets: Array<[string, string, number]>) {
  let remaining = total;
  return buckets.map(([key, value, share], index) => {
    const count = index === buckets.length - 1 ? remaining : Math.floor(total * share);
    remaining -= count;
    return { [key]: value, followerCounts: { organicFollowerCount: count, paidFollowerCount: 0 } };
  });
}

function socialMetadata(stats: LinkedInPostStats, urn: string) {
  const reactionSummaries: Record<string, { reactionType: string; count: number }> = {};
  for (const [type, count] of Object.entries(stats.reactions)) if (count > 0) reactionSummaries[type] = { reactionType: type, count };
  return {
    reactionSummaries,
    commentSummary: { count: stats.comments, topLevelCount: Math.ceil(stats.comments * 0.8) },
    commentsState: 'OPEN',
    entity: urn,
  };
}

function readablePost(ctx: SandboxContext, caller: LinkedInCaller, urn: string, resource: string): LinkedInPost {
  const post = ctx.state.linkedin.posts.get(urn);
  if (!post || post.deleted) throw linkedInNotFound(`Entity ${urn} not found`);
  const author = parseAuthorUrn(post.author);
  if (typeof author !== 'object' || !canReadAs(ctx, caller, author, SOCIAL_METADATA_MEMBER, SOCIAL_METADATA_ORGANIZATION)) {
    throw accessDenied(caller, resource);
  }
  return post;
}

function dateOf(value: RestliValue | undefined): number | undefined {
  const object = asObject(value);
  if (!object) return undefined;
  return Date.UTC(Number(object.year), Number(object.month) - 1, Number(object.day));
}

function dayParts(instant: number) {
  const date = new Date(instant);
  return { day: date.getUTCDate(), month: date.getUTCMonth() + 1, year: date.getUTCFullYear() };
}

const CREATOR_METRICS: Record<string, (stats: LinkedInPostStats) => number> = {
  IMPRESSION: (stats) => stats.impressions,
  MEMBERS_REACHED: (stats) => stats.uniqueImpressions,
  RESHARE: (stats) => stats.shares,
  REACTION: (stats) => stats.reactionTotal,
  COMMENT: (stats) => stats.comments,
  LINK_CLICKS: (stats) => stats.clicks,
};

export function registerLinkedInStatisticsRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/organizationalEntityFollowerStatistics',
    network: 'linkedin',
    endpoint: 'linkedin.followerStatistics.find',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.followerStatistics.find',
        versioned: true,
        resource: 'organizationalEntityFollowerStatistics.FINDER-organizationalEntity',
        anyScopes: ORGANIZATION_ADMIN,
      });
      const query = restliQuery(request);
      if (query.q !== 'organizationalEntity') throw linkedInIllegalArgument('q must be organizationalEntity');
      const urn = asString(query.organizationalEntity);
      const organization = administeredOrganization(ctx, caller, urn, 'organizationalEntityFollowerStatistics.FINDER-organizationalEntity');
      const now = ctx.clock.now();
      const buckets = parseTimeIntervals(query, now);
      if (buckets) {
        const followersAt = (instant: number) =>
          ctx.metrics.followersAt('organization', organization.baseFollowers, organization.createdAt, Math.min(instant, now));
        return {
          paging: { start: 0, count: buckets.length, links: [] },
          elements: buckets.map((bucket) => ({
            timeRange: { start: bucket.start, end: bucket.end },
            followerGains: { organicFollowerGain: Math.max(0, followersAt(bucket.end) - followersAt(bucket.start)), paidFollowerGain: 0 },
            organizationalEntity: urn,
          })),
        };
      }
      const total = organizationFollowersNow(ctx, organization);
      return {
        paging: { start: 0, count: 10, links: [] },
        elements: [
          {
            followerCountsByAssociationType: followerBreakdown(total, [
              ['associationType', 'EMPLOYEE', 0.03],
              ['associationType', null as unknown as string, 0.97],
            ]),
            followerCountsBySeniority: followerBreakdown(total, [
              ['seniority', 'urn:li:seniority:3', 0.4],
              ['seniority', 'urn:li:seniority:4', 0.35],
              ['seniority', 'urn:li:seniority:6', 0.25],
            ]),
            followerCountsByIndustry: followerBreakdown(total, [
              ['industry', 'urn:li:industry:4', 0.5],
              ['industry', 'urn:li:industry:96', 0.5],
            ]),
            followerCountsByFunction: followerBreakdown(total, [
              ['function', 'urn:li:function:8', 0.6],
              ['function', 'urn:li:function:15', 0.4],
            ]),
            followerCountsByStaffCountRange: followerBreakdown(total, [
              ['staffCountRange', 'SIZE_11_TO_50', 0.5],
              ['staffCountRange', 'SIZE_201_TO_500', 0.5],
            ]),
            followerCountsByGeoCountry: followerBreakdown(total, [
              ['geo', 'urn:li:geo:103644278', 0.55],
              ['geo', 'urn:li:geo:101165590', 0.45],
            ]),
            followerCountsByRegion: followerBreakdown(total, [['region', 'urn:li:region:84', 1]]),
            organizationalEntity: urn,
          },
        ],
      };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/organizationalEntityShareStatistics',
    network: 'linkedin',
    endpoint: 'linkedin.shareStatistics.find',
    handler: (request) => {
      const resource = 'organizationalEntityShareStatistics.FINDER-organizationalEntity';
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.shareStatistics.find',
        versioned: true,
        resource,
        anyScopes: ORGANIZATION_ADMIN,
      });
      const query = restliQuery(request);
      if (query.q !== 'organizationalEntity') throw linkedInIllegalArgument('q must be organizationalEntity');
      const urn = asString(query.organizationalEntity) ?? '';
      administeredOrganization(ctx, caller, urn, resource);
      const now = ctx.clock.now();
      // docs/networks.md, LinkedIn · Organisation post statistics: organic statistics for the organization's own posts within a rolling 12 months.
      const recent = (post: LinkedInPost | undefined): post is LinkedInPost =>
        post !== undefined && !post.deleted && post.author === urn && now - post.createdAt <= TWELVE_MONTHS_MS;
      const requested = [...(asList(query.shares) ?? []), ...(asList(query.ugcPosts) ?? [])].map(String);
      const posts = requested.length
        ? requested.map((id) => ctx.state.linkedin.posts.get(id)).filter(recent)
        : (ctx.state.linkedin.postUrnsByAuthor.get(urn) ?? []).map((id) => ctx.state.linkedin.posts.get(id)).filter(recent);
      const buckets = parseTimeIntervals(query, now);
      const elements: Record<string, unknown>[] = [];
      if (buckets) {
        for (const bucket of buckets) {
          const stats = statsBetween(ctx, posts, bucket.start, Math.min(bucket.end, now));
          elements.push({
            timeRange: { start: bucket.start, end: bucket.end },
            totalShareStatistics: shareStatistics(stats, false),
            organizationalEntity: urn,
          });
        }
      } else if (requested.length) {
        for (const post of posts) {
          const stats = linkedInPostStats(ctx, post);
          // "Shares with no actions or impressions are not included."
          if (stats.impressions === 0 && stats.clicks + stats.reactionTotal + stats.comments + stats.shares === 0) continue;
          elements.push({ share: post.urn, organizationalEntity: urn, totalShareStatistics: shareStatistics(stats, true) });
        }
      } else {
        const stats = posts.reduce((total, post) => addStats(total, linkedInPostStats(ctx, post)), EMPTY_STATS);
        elements.push({ organizationalEntity: urn, totalShareStatistics: shareStatistics(stats, true) });
      }
      return { paging: { start: 0, count: 10, links: [] }, elements };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/socialMetadata/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.socialMetadata.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.socialMetadata.get',
        versioned: true,
        resource: 'socialMetadata.GET',
        anyScopes: [...SOCIAL_METADATA_MEMBER, ...SOCIAL_METADATA_ORGANIZATION],
      });
      const { urn } = request.params as { urn: string };
      const post = readablePost(ctx, caller, urn, 'socialMetadata.GET');
      return socialMetadata(linkedInPostStats(ctx, post), post.urn);
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/socialMetadata',
    network: 'linkedin',
    endpoint: 'linkedin.socialMetadata.batchGet',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.socialMetadata.batchGet',
        versioned: true,
        resource: 'socialMetadata.BATCH_GET',
        anyScopes: [...SOCIAL_METADATA_MEMBER, ...SOCIAL_METADATA_ORGANIZATION],
      });
      const ids = asList(restliQuery(request).ids);
      if (!ids) throw linkedInIllegalArgument('ids=List(...) is required');
      const results: Record<string, unknown> = {};
      const statuses: Record<string, number> = {};
      const errors: Record<string, unknown> = {};
      for (const id of ids.map(String)) {
        try {
          const post = readablePost(ctx, caller, id, 'socialMetadata.BATCH_GET');
          results[id] = socialMetadata(linkedInPostStats(ctx, post), post.urn);
          statuses[id] = 200;
        } catch (error) {
          const status = (error as { status?: number }).status ?? 500;
          statuses[id] = status;
          errors[id] = { status, message: (error as Error).message };
        }
      }
      return { results, statuses, errors };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/socialActions/:urn',
    network: 'linkedin',
    endpoint: 'linkedin.socialActions.get',
    handler: (request) => {
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.socialActions.get',
        versioned: true,
        resource: 'socialActions.GET',
        anyScopes: [...SOCIAL_METADATA_MEMBER, ...SOCIAL_METADATA_ORGANIZATION],
      });
      const { urn } = request.params as { urn: string };
      const post = readablePost(ctx, caller, urn, 'socialActions.GET');
      const stats = linkedInPostStats(ctx, post);
      return {
        likesSummary: { totalLikes: stats.reactionTotal, aggregatedTotalLikes: stats.reactionTotal, likedByCurrentUser: false },
        commentsSummary: { totalFirstLevelComments: Math.ceil(stats.comments * 0.8), aggregatedTotalComments: stats.comments },
        target: post.urn,
      };
    },
  });

  registerNetworkRoute(app, ctx, {
    method: 'GET',
    url: '/linkedin/rest/memberCreatorPostAnalytics',
    network: 'linkedin',
    endpoint: 'linkedin.memberCreatorPostAnalytics.find',
    handler: (request) => {
      const resource = 'memberCreatorPostAnalytics.FINDER';
      const caller = authenticateLinkedIn(ctx, request, {
        endpoint: 'linkedin.memberCreatorPostAnalytics.find',
        versioned: true,
        resource,
        anyScopes: ['r_member_postAnalytics'],
      });
      // docs/networks.md, LinkedIn · Member post analytics: available from version 202506.
      if ((caller.version?.month ?? '0') < '202506')
        throw linkedInIllegalArgument('memberCreatorPostAnalytics needs LinkedIn-Version 202506 or later');
      const query = restliQuery(request);
      const queryType = asString(query.queryType) ?? '';
      const metric = CREATOR_METRICS[queryType];
      if (!metric) throw linkedInIllegalArgument(`Unsupported queryType ${queryType}`);
      const aggregation = asString(query.aggregation) ?? 'TOTAL';
      if (aggregation !== 'TOTAL' && aggregation !== 'DAILY') throw linkedInIllegalArgument(`Unsupported aggregation ${aggregation}`);
      const now = ctx.clock.now();
      let posts: LinkedInPost[];
      let from: number;
      let to = now;
      if (query.q === 'entity') {
        const entity = asObject(query.entity);
        const urn = asString(entity?.share) ?? asString(entity?.ugc);
        if (!urn) throw linkedInIllegalArgument('entity must be (share:urn) or (ugc:urn)');
        const post = ctx.state.linkedin.posts.get(urn);
        if (!post || post.deleted) throw linkedInNotFound(`Entity ${urn} not found`);
        if (post.author !== `urn:li:person:${caller.member.sub}`) throw accessDenied(caller, resource);
        posts = [post];
        from = post.createdAt;
      } else if (query.q === 'me') {
        posts = (ctx.state.linkedin.postUrnsByAuthor.get(`urn:li:person:${caller.member.sub}`) ?? [])
          .map((urn) => ctx.state.linkedin.posts.get(urn))
          .filter((post): post is LinkedInPost => post !== undefined && !post.deleted);
        const range = asObject(query.dateRange);
        from = dateOf(range?.start) ?? Math.min(now, ...posts.map((post) => post.createdAt));
        to = Math.min(now, (dateOf(range?.end) ?? now - 86_400_000) + 86_400_000);
      } else {
        throw linkedInIllegalArgument('q must be entity or me');
      }
      const metricType = { [CREATOR_METRIC_TYPE]: queryType };
      const valueBetween = (start: number, end: number) => metric(statsBetween(ctx, posts, start, end));
      const elements: Record<string, unknown>[] = [];
      if (aggregation === 'TOTAL') {
        elements.push({ count: valueBetween(from, to), dateRange: {}, metricType });
      } else {
        const firstDay = Date.UTC(new Date(from).getUTCFullYear(), new Date(from).getUTCMonth(), new Date(from).getUTCDate());
        for (let day = firstDay; day < to; day += 86_400_000) {
          elements.push({
            count: valueBetween(Math.max(day, from), Math.min(day + 86_400_000, to)),
            dateRange: { start: dayParts(day), end: dayParts(day + 86_400_000) },
            metricType,
          });
        }
      }
      return { paging: { start: 0, count: 10, links: [], total: elements.length }, elements };
    },
  });
}
