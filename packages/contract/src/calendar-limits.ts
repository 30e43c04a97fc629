/**
 * The calendar call's bounds (docs/decisions/142-calendar.md), plain data so the web loads them up front.
 * A month view shows six weeks; the span allows that, a DST hour and a day either side.
 */
export const CALENDAR_MAX_SPAN_DAYS = 45;
/** Items per day when the caller does not say: a day holding more answers its count of the rest. */
export const CALENDAR_DEFAULT_PER_DAY = 50;
export const CALENDAR_MAX_PER_DAY = 100;
/** Drafts with a date in one answer, at most (drafts are few; a bound keeps the answer small anyway). */
export const CALENDAR_MAX_DRAFTS = 500;
/** A day's posts are counted up to this many: a month cell says "+97 more" or "over 97 more", never a slow exact total. */
export const CALENDAR_DAY_COUNT_CAP = 100;
