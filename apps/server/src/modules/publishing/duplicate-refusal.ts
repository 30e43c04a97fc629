import { networkName, wallClockAt, type Network } from '@postflow/contract';
import type { NetworkPost } from '../../providers/social/social-provider';
import { comparableText, findSentPost } from './reconcile';

/** What the publisher knows when a network refuses a target's text as a duplicate. */
export interface DuplicateEvidence {
  network: Network;
  text: string;
  /** The existing post the network named (LinkedIn); X names none. */
  namedId: string | undefined;
  /** An earlier attempt of this target may have sent it: its answer was lost, or its worker died. */
  mightHaveSent: boolean;
  /** When the target's first attempt started: a post of its own is not older. */
  firstAttemptAt: Date | undefined;
  /** The account's newest posts, when the network lets us read them. */
  recent: NetworkPost[] | undefined;
  /** Network posts that are another of the person's targets, with when that one went out. */
  takenBy: Map<string, Date | null>;
  /** The owner's zone and the time now, to say when the other post went out in words a person reads. */
  timeZone: string;
  now: Date;
}

export type DuplicateVerdict =
  | { own: true; id: string; url: string | undefined }
  | { own: false; reason: string; failureClass: 'DuplicateContent' | 'DuplicateUnconfirmed' };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "at 14:02" today, "on 25 November at 14:02" another day, in the person's own zone. */
export function spokenTime(instant: Date, timeZone: string, now: Date): string {
  const at = wallClockAt(instant, timeZone);
  const today = wallClockAt(now, timeZone);
  const clock = `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`;
  const sameDay = at.year === today.year && at.month === today.month && at.day === today.day;
  if (sameDay) return `at ${clock}`;
  const year = at.year === today.year ? '' : ` ${at.year}`;
  return `on ${at.day} ${MONTHS[at.month - 1]}${year} at ${clock}`;
}

/**
 * A duplicate answer means "already published" only when the existing post is this target's own:
 * sent by one of its attempts (an earlier one may have sent it), not another target's, and not
 * older than its first attempt (docs/decisions/115-duplicate-refusals.md). Anything else is a
 * refusal the person must act on, said in words.
 */
export function judgeDuplicate(evidence: DuplicateEvidence): DuplicateVerdict {
  const { recent, takenBy } = evidence;
  const free = recent?.filter((post) => !takenBy.has(post.id));
  if (evidence.mightHaveSent) {
    if (evidence.namedId && !takenBy.has(evidence.namedId)) {
      const named = recent?.find((post) => post.id === evidence.namedId);
      const ours = named ? findSentPost(named.text, [named], evidence.firstAttemptAt) : true;
      if (ours) return { own: true, id: evidence.namedId, url: named?.url };
    }
    if (!evidence.namedId) {
      const found = free && findSentPost(evidence.text, free, evidence.firstAttemptAt);
      if (found) return { own: true, id: found.id, url: found.url };
    }
  }

  const name = networkName(evidence.network);
  const wanted = comparableText(evidence.text);
  const otherId = evidence.namedId ?? recent?.find((post) => comparableText(post.text) === wanted)?.id;
  const other = recent?.find((post) => post.id === otherId);
  const when = (otherId ? takenBy.get(otherId) : undefined) ?? other?.createdAt;
  if (!when && evidence.mightHaveSent && !evidence.namedId) {
    return {
      own: false,
      failureClass: 'DuplicateUnconfirmed',
      reason: `${name} says this text is already on your account, perhaps from an earlier try whose answer was lost, but Postflow could not find that post. Look at your ${name} profile: if it is there, nothing more is needed; if not, change the text and schedule it again.`,
    };
  }
  const time = when ? spokenTime(when, evidence.timeZone, evidence.now) : 'recently';
  return {
    own: false,
    failureClass: 'DuplicateContent',
    reason: `${name} refused this because you posted the same text ${time}; change the text or delete the other post.`,
  };
}
