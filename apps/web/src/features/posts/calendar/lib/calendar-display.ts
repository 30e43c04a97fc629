import type { CalendarItem } from '@postflow/contract';
import type { DisplayPost } from '../../manage/lib/post-display';

/** A calendar post as the edit modal takes it (the same fields a post card has). */
export function toDisplayPost(item: CalendarItem): DisplayPost {
  const name = item.account?.displayName ?? item.account?.username ?? '';
  return {
    id: item.id,
    content: item.text,
    platform: item.platforms[0] ?? 'x',
    image: item.mediaUrls[0] ?? null,
    mediaUrls: item.mediaUrls,
    platformURL: item.platformUrl,
    publishedAt: item.publishedAt,
    scheduledFor: item.scheduledAt,
    status: item.status,
    failureReason: item.failureReason,
    timeZone: item.timeZone ?? 'UTC',
    linkedInOrgId: null,
    user: { name, handle: item.account?.username ? `@${item.account.username}` : null, avatar: null },
    engagement: { likes: 0, comments: 0 },
  };
}
