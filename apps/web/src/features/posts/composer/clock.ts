import { personTimeZone } from '../../../lib/person-time-zone';

/**
 * The wizard's view of "now" and of the browser's time zone, behind an object so that tests can
 * pin both (jsdom runs in the machine's zone, usually UTC, which would hide every conversion).
 */
export const wizardClock = {
  now(): Date {
    return new Date();
  },
  /** The person's IANA zone (their profile's, else the browser's), saved with the post: the zone they planned in. */
  timeZone(): string {
    return personTimeZone();
  },
};
