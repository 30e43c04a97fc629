import { networkName } from '@postflow/contract';
import type { Database } from '../../../db/client';
import type { Log } from '../../../lib/logger';
import type { Clock } from '../../../lib/clock';
import { RateLimited } from '../../../providers/social/errors';
import { LINKEDIN_SELF_SERVE_DAILY_CALLS } from '../../../config/env';
import { LINKEDIN_PUBLISHING_RESERVE, LINKEDIN_SYNC_CALLS, linkedInDailyWindow } from '../../../providers/social/account-limits';
import { LINKEDIN_BATCH } from '../../../providers/social/linkedin/linkedin-metrics';
import type { ProviderRegistry } from '../../../providers/social/registry';
import type { PerPostCallBudget } from '../../../providers/social/social-provider';
import { createAccountsRepository } from '../../accounts/accounts.repository';
import type { TokenVault } from '../../accounts/token-vault';
import type { RateLimitRepository } from '../../security/rate-limit.repository';
import { createMetricsRepository, type MetricReading, type SyncCandidate } from './metrics.repository';

export type SyncType = 'post_analytics' | 'followers' | 'all';
const BATCH = 100;
/*
 * Every LinkedIn call counts against one budget per member per day (LinkedIn names no separate
 * limit per resource; docs/networks.md, LinkedIn · Rate limits), `calls:linkedin:{accountId}`, shared with publishing
 * (providers/social/account-limits.ts). A metrics batch is read LINKEDIN_BATCH posts at a time, each
 * chunk costing up to three calls (social metadata, then posts or share statistics), charged
 * before the batch (LINKEDIN_SYNC_CALLS). Member impressions cost one more call per post (docs/networks.md, LinkedIn · Member post analytics): those are charged one
 * by one as the adapter makes them. Every charge leaves the reserve below free.
 */
/** Only posts younger than this get the per-post impressions call; older reach barely moves. */
const LINKEDIN_IMPRESSIONS_MAX_AGE_MS = 30 * 86_400_000;

export class SyncStopped extends Error {
  override name = 'SyncStopped';
}

/**
 * Reads the networks' numbers into the time series: every published post that is due (by age
 * band) or, for a manual sync, every post of the last year (at most 500); then follower counts.
 * Respects the networks' limits: stops at a 429, or before LinkedIn's daily call budget (counted
 * in the database, shared with publishing) would reach the calls kept for publishing, keeping
 * what it read so far. Member impressions stop there too; those posts keep their last reach.
 */
export function createMetricsSyncService(deps: {
  db: Database;
  providers: ProviderRegistry;
  vault: TokenVault;
  rateLimits: RateLimitRepository;
  clock: Clock;
  log: Log;
  linkedInDailyCalls?: number | undefined;
}) {
  const dailyCalls = deps.linkedInDailyCalls ?? LINKEDIN_SELF_SERVE_DAILY_CALLS;
  const metrics = createMetricsRepository(deps.db);

  /**
   * Charges a sync's calls before they are made, only while the day's total stays clear of the
   * calls publishing keeps (LINKEDIN_PUBLISHING_RESERVE) and of `keepForLater` (what the rest of
   * this sync will need): refused, nothing is counted and the calls are not made.
   */
  async function chargeLinkedInCalls(accountId: string, calls: number, keepForLater = 0): Promise<boolean> {
    const ceiling = dailyCalls - LINKEDIN_PUBLISHING_RESERVE - keepForLater;
    const { key, windowStart } = linkedInDailyWindow(accountId, deps.clock.now());
    return deps.rateLimits.hitIfRoom(key, windowStart, calls, ceiling);
  }

  async function spendLinkedInCalls(accountId: string, calls: number) {
    if (await chargeLinkedInCalls(accountId, calls)) return;
    throw new SyncStopped(
      `LinkedIn's daily limit of ${dailyCalls} calls for this account is nearly used up, and the rest is kept for publishing; the numbers sync again after midnight UTC.`,
    );
  }

  /**
   * Member impressions, call by call, only from what the rest of the sync does not need: reach is
   * the extra, the likes and comments of later batches and the follower counts come first.
   */
  function linkedInImpressionsBudget(accountId: string, batch: SyncCandidate[], keepForLater: number): PerPostCallBudget {
    const youngSince = deps.clock.now().getTime() - LINKEDIN_IMPRESSIONS_MAX_AGE_MS;
    return {
      worthACall: new Set(
        batch.filter((candidate) => candidate.publishedAt.getTime() > youngSince).map((candidate) => candidate.networkPostId),
      ),
      spend: (calls) => chargeLinkedInCalls(accountId, calls, keepForLater),
    };
  }

  const batchCalls = (batch: SyncCandidate[]) => LINKEDIN_SYNC_CALLS.perChunk * Math.ceil(batch.length / LINKEDIN_BATCH);

  async function syncPosts(
    accountId: string,
    network: 'x' | 'linkedin',
    candidates: SyncCandidate[],
    followerCalls: number,
  ): Promise<number> {
    const provider = deps.providers.get(network);
    let stored = 0;
    const byAuthor = new Map<string, SyncCandidate[]>();
    for (const candidate of candidates) {
      const key = candidate.linkedinOrgId ?? '';
      byAuthor.set(key, [...(byAuthor.get(key) ?? []), candidate]);
    }
    const batches = [...byAuthor].flatMap(([organizationId, group]) =>
      Array.from({ length: Math.ceil(group.length / BATCH) }, (_, index) => ({
        organizationId,
        batch: group.slice(index * BATCH, (index + 1) * BATCH),
      })),
    );
    let laterCalls = batches.reduce((total, { batch }) => total + batchCalls(batch), 0) + followerCalls;
    for (const { organizationId, batch } of batches) {
      laterCalls -= batchCalls(batch);
      if (network === 'linkedin') await spendLinkedInCalls(accountId, batchCalls(batch));
      const budget = network === 'linkedin' ? linkedInImpressionsBudget(accountId, batch, laterCalls) : undefined;
      const answered = await deps.vault.withAccount(accountId, (ref) =>
        provider.metrics(
          ref,
          batch.map((candidate) => candidate.networkPostId),
          { ...(organizationId ? { organizationId } : {}), ...(budget ? { budget } : {}) },
        ),
      );
      const capturedAt = deps.clock.now();
      const byPostId = new Map(answered.map((entry) => [entry.postId, entry]));
      const readings: MetricReading[] = [];
      const silent: string[] = [];
      for (const candidate of batch) {
        const entry = byPostId.get(candidate.networkPostId);
        if (!entry) {
          silent.push(candidate.id);
          continue;
        }
        readings.push({
          targetId: candidate.id,
          capturedAt,
          impressions: entry.impressions ?? null,
          likes: entry.likes,
          comments: entry.comments,
          shares: entry.shares,
          clicks: entry.clicks ?? null,
        });
      }
      stored += await metrics.record(readings);
      await metrics.touch(silent, capturedAt);
    }
    return stored;
  }

  async function syncFollowers(accountId: string, network: 'x' | 'linkedin'): Promise<void> {
    const provider = deps.providers.get(network);
    const now = deps.clock.now();
    if (network === 'linkedin') await spendLinkedInCalls(accountId, LINKEDIN_SYNC_CALLS.followers);
    const profile = await deps.vault.withAccount(accountId, (ref) => provider.profile(ref.accessToken));
    if (profile.followersCount !== undefined) await metrics.recordFollowers(accountId, '', profile.followersCount, now);
    if (network === 'linkedin') {
      const organizations = await deps.vault.withAccount(accountId, (ref) => provider.organizations(ref));
      for (const organization of organizations) {
        if (organization.followerCount !== undefined)
          await metrics.recordFollowers(accountId, organization.id, organization.followerCount, now);
      }
    }
  }

  return {
    /** Answers how many new readings were stored. Throws SyncStopped (with a reason) or a provider error. */
    async syncAccount(request: { accountId: string; syncType: SyncType; manual: boolean }): Promise<number> {
      const account = await createAccountsRepository(deps.db).findById(request.accountId);
      if (!account) throw new SyncStopped('The account is no longer connected.');
      if (account.status === 'needs_reconnect') throw new SyncStopped('Reconnect the account to read its numbers again.');
      let stored = 0;
      const followers = request.syncType !== 'post_analytics';
      try {
        // Posts stopped by the budget still leave the follower counts their calls (kept for them).
        let stopped: SyncStopped | undefined;
        if (request.syncType !== 'followers') {
          const candidates = await metrics.dueForSync(account.id, deps.clock.now(), request.manual);
          const followerCalls = followers && account.network === 'linkedin' ? LINKEDIN_SYNC_CALLS.followers : 0;
          stored = await syncPosts(account.id, account.network, candidates, followerCalls).catch((error: unknown) => {
            if (!(error instanceof SyncStopped)) throw error;
            stopped = error;
            return 0;
          });
        }
        if (followers) await syncFollowers(account.id, account.network);
        if (stopped) throw stopped;
      } catch (error) {
        if (error instanceof RateLimited) {
          throw new SyncStopped(
            `${networkName(account.network)} is limiting requests until ${error.resetAt.toISOString()}; the next sync continues from there.`,
          );
        }
        throw error;
      }
      deps.log.info({ accountId: account.id, stored, syncType: request.syncType }, 'metrics synced');
      return stored;
    },
  };
}
export type MetricsSyncService = ReturnType<typeof createMetricsSyncService>;
