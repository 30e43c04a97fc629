import {
  CALENDAR_DAY_COUNT_CAP,
  CALENDAR_MAX_DRAFTS,
  timeZoneSchema,
  type CalendarItem,
  type CalendarQuery,
  type CalendarResponse,
} from '@postflow/contract';
import type { Database } from '../../db/client';
import type { HistoryStart } from '../plans/plan-limits';
import { statusOnTheWire } from '../posts/wire-status';
import { toPostAuthor } from '../posts/post-author';
import { daysBetween, type DaySpan } from './calendar-days';
import { createCalendarRepository, type CalendarDraftRow, type CalendarTargetRow } from './calendar.repository';

const DAY_CACHE_SIZE = 1_000;

/**
 * The calendar (docs/product.md, Calendar; docs/decisions/142-calendar.md): a workspace's post
 * targets and dated drafts in a range, days cut in the person's zone, at most `perDay` posts a day.
 */
export function createCalendarService(deps: { db: Database; publicUrl: string; historyStart: HistoryStart }) {
  const repository = createCalendarRepository(deps.db);
  // A team opens the same weeks and months again and again: their days are cut once (it costs ~40 zone lookups).
  const cutDays = new Map<string, DaySpan[]>();
  function daysOf(from: Date, end: Date, timeZone: string): DaySpan[] {
    const key = `${from.getTime()} ${end.getTime()} ${timeZone}`;
    let days = cutDays.get(key);
    if (!days) {
      days = daysBetween(from, end, timeZone);
      if (cutDays.size >= DAY_CACHE_SIZE) cutDays.delete(cutDays.keys().next().value as string);
      cutDays.set(key, days);
    }
    return days;
  }
  const mediaUrl = (id: string) => `${deps.publicUrl}/media/${id}`;

  function fromTarget(row: CalendarTargetRow & { id: string }): CalendarItem {
    return {
      id: row.id,
      kind: 'post',
      status: statusOnTheWire[row.status],
      scheduledAt: row.scheduledAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      at: (row.publishedAt ?? row.scheduledAt).toISOString(),
      platforms: [row.network],
      text: row.text,
      timeZone: row.timeZone,
      postId: row.postId,
      account: row.accountId ? { id: row.accountId, username: row.accountUsername, displayName: row.accountDisplayName } : null,
      author: row.createdBy ? { id: row.createdBy, name: row.authorName ?? '' } : null,
      failureReason: row.failureReason,
      platformUrl: row.networkPostUrl,
      mediaUrls: row.mediaIds.map(mediaUrl),
      channel: toPostAuthor({
        network: row.network,
        linkedinOrgId: row.linkedinOrgId,
        authorName: row.identityName,
        authorHandle: row.identityHandle,
        authorAvatarUrl: row.identityAvatarUrl,
        channelId: row.channelId,
      }),
    };
  }

  function fromDraft(row: CalendarDraftRow): CalendarItem {
    const at = row.scheduledAt.toISOString();
    return {
      id: row.id,
      kind: 'draft',
      status: 'draft',
      scheduledAt: at,
      publishedAt: null,
      at,
      platforms: row.platforms,
      text: row.text,
      timeZone: row.timeZone,
      postId: null,
      account: null,
      author: row.createdBy ? { id: row.createdBy, name: row.authorName ?? '' } : null,
      failureReason: null,
      platformUrl: null,
      mediaUrls: [],
    };
  }

  /** The zone asked for, else the person's own when it is a zone Intl knows, else UTC. */
  async function zoneFor(userId: string, asked: string | undefined): Promise<string> {
    if (asked) return asked;
    const own = await repository.personTimeZone(userId);
    return own && timeZoneSchema.safeParse(own).success ? own : 'UTC';
  }

  return {
    async items(caller: { workspaceId: string; userId: string }, query: CalendarQuery): Promise<CalendarResponse> {
      const [timeZone, history] = await Promise.all([zoneFor(caller.userId, query.timeZone), deps.historyStart(caller.workspaceId)]);
      const start = new Date(query.start);
      const end = new Date(query.end);
      // The plan's history start hides older posts here as in the feed (decision 132).
      const clamped = history !== undefined && history > start;
      const from = clamped ? history : start;
      const answer = { timeZone, historyStart: clamped ? history.toISOString() : null };
      if (from >= end) return { items: [], more: [], ...answer };

      const days = daysOf(from, end, timeZone);
      const filter = { network: query.network, accountId: query.accountId, channelId: query.channelId };
      const [targets, drafts] = await Promise.all([
        repository.targets(caller.workspaceId, days, filter, query.perDay),
        // A draft belongs to no account yet, so filtering by one leaves drafts out.
        query.accountId ? [] : repository.drafts(caller.workspaceId, from, end, query.network, CALENDAR_MAX_DRAFTS, query.channelId),
      ]);

      const items: CalendarItem[] = [];
      const more: CalendarResponse['more'] = [];
      const shown = new Map<number, number>();
      const totals = new Map<number, number>();
      for (const row of targets) {
        totals.set(row.day, row.total);
        if (row.id === null) continue;
        items.push(fromTarget(row as CalendarTargetRow & { id: string }));
        shown.set(row.day, (shown.get(row.day) ?? 0) + 1);
      }
      const cap = Math.max(query.perDay, CALENDAR_DAY_COUNT_CAP);
      for (const [index, day] of days.entries()) {
        const total = totals.get(index) ?? 0;
        const count = Math.min(total, cap) - (shown.get(index) ?? 0);
        if (count > 0) more.push({ start: day.from.toISOString(), end: day.to.toISOString(), count, exact: total <= cap });
      }
      items.push(...drafts.map(fromDraft));
      items.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
      return { items, more, ...answer };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
