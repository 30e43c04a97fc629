import type { Network } from '@postflow/contract';
import { networkName } from '@postflow/contract/client';
import { formatTime, formatWhen } from '../../../lib/date-time';

/** 'X', 'X and LinkedIn'. */
export function networkList(platforms: readonly Network[]): string {
  const names = platforms.map((platform) => networkName(platform));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? '');
}

/** What the composer says once the server has the post (docs/product.md, Composer · Review and schedule). */
/** In the zone the person planned in (the composer's), which is theirs. */
export function publishedMessage(
  answer: { scheduled: boolean; scheduleTime: string },
  platforms: readonly Network[],
  now: Date,
  timeZone: string,
) {
  const where = networkList(platforms);
  if (answer.scheduled) {
    return {
      title: `Scheduled for ${formatWhen(answer.scheduleTime, now, { timeZone })}`,
      message: `On ${where}. It waits in your profile's Scheduled tab until then.`,
    };
  }
  return {
    title: `Posting to ${where} now`,
    message: `Sent for publishing at ${formatTime(answer.scheduleTime, { timeZone })}. It shows in your feed once it is out.`,
  };
}
