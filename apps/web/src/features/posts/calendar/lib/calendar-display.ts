import type { CalendarItem } from '@postflow/contract';
import type { DisplayPost } from '../../manage/lib/post-display';

/** A calendar post as the edit modal takes it (the same fields a post card has). */
export function toDisplayPost(item: CalendarItem): DisplayPost {
  // Who it goes out as: its channel (docs/product.md, Channels), else the account as it was.
  const name = item.channel?.name ?? item.account?.displayName ?? item.account?.username ?? '';
  const handle = item.channel
    ? item.channel.handle
      ? `@${item.channel.handle}`
      : null
    : item.account?.username
      ? `@${item.account.username}`
      : null;
  return {
    id: item.id,
    content: item.text,
    platform: item.platforms[0] ?? 'x',
    image: item.mediaUrls[0] ?? null,
    mediaUrls: item.mediaUrls,
    mediaAlts: item.mediaUrls.map((_, index) => item.mediaAlts[index] ?? ''),
    documentTitle: item.documentTitle,
    // The edit modal, the only reader here, describes files by their alt texts, not their kinds.
    imageKind: undefined,
    // The calendar does not carry it; the edit keeps it on the server.
    linkCard: null,
    platformURL: item.platformUrl,
    publishedAt: item.publishedAt,
    scheduledFor: item.scheduledAt,
    status: item.status,
    failureReason: item.failureReason,
    timeZone: item.timeZone ?? 'UTC',
    linkedInOrgId: null,
    user: { name, handle, avatar: item.channel?.avatar_url ?? null },
    engagement: { likes: 0, comments: 0 },
    threadItem: { id: item.id, status: item.status, thread: item.thread, first_comment: item.first_comment },
  };
}
