import { networkName, type Network } from '@postflow/contract';
import type { Queryable } from '../../db/client';
import { DAY_MS } from '../../lib/clock';
import { AppError, conflict } from '../../lib/errors';
import { createQueueRepository } from './queue.repository';
import { slotInstants, type SlotInstant } from './slot-rules';

/** How far ahead the queue looks for a free slot: as far as a post may be scheduled. */
export const QUEUE_HORIZON_MS = 365 * DAY_MS;
/** Slots are looked at two weeks first, then twice as far each time: a full queue costs a few reads, not dozens. */
const FIRST_WINDOW_MS = 14 * DAY_MS;

export interface AllocatedSlot extends SlotInstant {
  timeZone: string;
}

/** Locks the accounts' queues in id order until the transaction ends (one order for every caller: no deadlock). */
export async function lockQueues(tx: Queryable, accountIds: readonly string[]): Promise<void> {
  const queues = createQueueRepository(tx);
  for (const id of [...new Set(accountIds)].sort()) await queues.lock(id);
}

/**
 * The account's next free slot after `now`, for a target the caller inserts in the same transaction:
 * the account's queue row stays locked until then, so concurrent adds take turns and each sees the
 * slots the earlier ones took (docs/decisions/143-queue-and-posting-slots.md).
 */
export async function allocateSlot(
  tx: Queryable,
  account: { id: string; network: Network; username: string | null },
  now: Date,
): Promise<AllocatedSlot> {
  const queues = createQueueRepository(tx);
  const queue = await queues.lock(account.id);
  const name = `${networkName(account.network)}${account.username ? ` (@${account.username})` : ''}`;
  if (!queue || queue.slots.length === 0) {
    throw new AppError('conflict', `${name} has no posting times yet. Set them up on the Queue page, or schedule the post for a time.`, {
      fields: { queue: 'No posting times' },
    });
  }
  if (queue.paused) throw conflict(`The queue of ${name} is paused. Resume it on the Queue page, or schedule the post for a time.`);
  const end = now.getTime() + QUEUE_HORIZON_MS;
  for (let from = now.getTime() + 1, window = FIRST_WINDOW_MS; from < end; from += window, window *= 2) {
    const until = new Date(Math.min(from + window, end));
    const taken = await queues.takenInstants(account.id, new Date(from), until);
    const free = slotInstants(queue.slots, queue.timeZone, new Date(from), until).find((slot) => !taken.has(slot.at.getTime()));
    if (free) return { ...free, timeZone: queue.timeZone };
  }
  throw conflict(`Every posting slot of ${name} for the next year is taken. Add posting times, or schedule the post for a time.`);
}
