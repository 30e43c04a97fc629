import { personTimeZone } from '../../../lib/person-time-zone';

/**
 * The wizard's view of "now" and of the browser's time zone, behind an object so that tests can
 * pin both (jsdom runs in the machine's zone, usually UTC, which would hide every conversion).
 */
export const wizardClock = {
  now(): Date {
    return new Date();
  },
  /** The browser's IANA zone, saved with the post (the zone the person planned in). */
  timeZone(): string {
    return personTimeZone();
  },
};
