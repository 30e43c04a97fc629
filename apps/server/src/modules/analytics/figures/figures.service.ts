import type { Queryable } from '../../../db/client';
import { addUp, addUpByNetwork, type DayEngagements, type Totals } from '../reporting/day-figures';
import { createReportingRepository } from '../reporting/reporting.repository';
import { createFiguresRepository, type PostScope } from './figures.repository';
import { engagementRate } from './formulas';
import { dayIn, type Period } from './period';

/** Zones that are UTC all year: their days are post_daily_figures' days. */
const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/** A period's published posts as every screen shows them (docs/product.md, Shared rules · Figures). */
export interface PublishedFigures extends Totals {
  /** Engagements per 100 impressions of the posts whose impressions are known; null when none are. */
  engagementRate: number | null;
}

export const toPublishedFigures = (totals: Totals): PublishedFigures => ({
  ...totals,
  engagementRate: engagementRate(totals.ratedEngagements, totals.ratedImpressions),
});

/**
 * The one place the dashboard, the analytics screen and the profile get their post counts, engagements and
 * engagement rates from, so the same period gives the same numbers everywhere.
 */
export function createFiguresService(db: Queryable) {
  const figures = createFiguresRepository(db);

  return {
    /** The period's published posts in the scope, in total and per network (networks with posts only, in name order). */
    async published(workspaceId: string, scope: PostScope, period: Period) {
      const rows = await figures.published(workspaceId, scope, period);
      return {
        total: toPublishedFigures(addUp(rows)),
        byNetwork: addUpByNetwork(rows).map((row) => ({ ...toPublishedFigures(row), network: row.network })),
      };
    },

    /** The engagements of the posts published on each of the period's days, in the period's zone. */
    async engagementsByDay(workspaceId: string, scope: PostScope, period: Period): Promise<DayEngagements[]> {
      // The per-day sums are per network, not per channel: a channel's days are added up from its posts.
      if (UTC_ZONES.has(period.timeZone) && !scope.channelId) {
        // From the day the period starts on, which is later than its first day when a plan's history cut it (cutBefore).
        const firstDay = dayIn(period.start, 'UTC');
        const days = await createReportingRepository(db).days({ workspaceId, network: scope.network, firstDay, lastDay: period.lastDay });
        return days.map((day) => ({ day: day.day, engagements: day.likes + day.comments + day.shares }));
      }
      const quarters = await figures.engagementsPerQuarterHour(workspaceId, scope, period);
      return quarters.map((quarter) => ({ day: dayIn(quarter.at, period.timeZone), engagements: quarter.engagements }));
    },
  };
}
export type { PostScope };
export type FiguresService = ReturnType<typeof createFiguresService>;
