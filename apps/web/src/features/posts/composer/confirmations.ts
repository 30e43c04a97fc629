import type { Network, Post, QueuedTarget } from '@postflow/contract';
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

/**
 * After "Add to queue": the slot each channel's copy took, in the slots' zone, which is named when
 * it is not the person's ("Queued for Tue 31 Mar, 09:00 on X"). Two channels of one network are told
 * apart by their names ("on X (Ada) and … on X (Grace)"), taken from the posts the answer carries.
 */
export function queuedMessage(queued: readonly QueuedTarget[], posts: readonly Post[], now: Date, timeZone: string) {
  const shared = (target: QueuedTarget) => queued.filter((other) => other.platform === target.platform).length > 1;
  const slots = queued.map((target) => {
    const zone = target.timeZone === timeZone ? '' : ` (${target.timeZone})`;
    const channel = shared(target) ? posts.find((post) => post.id === target.id)?.author.name : undefined;
    const where = `${networkName(target.platform)}${channel ? ` (${channel})` : ''}`;
    return `${formatWhen(target.scheduledAt, now, { timeZone: target.timeZone })}${zone} on ${where}`;
  });
  const notes = queued.map((target) => target.note).filter((note): note is string => Boolean(note));
  return {
    title: `Queued for ${slots.join(' and ')}`,
    message: [`Added to the queue. It waits on the Queue page until then.`, ...notes].join(' '),
  };
}
