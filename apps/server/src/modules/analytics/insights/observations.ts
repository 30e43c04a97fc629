import type { Network } from '@postflow/contract';
import { extractHashtags, wallClockAt } from '@postflow/contract';

/** One published post, as the insights engine sees it. */
export interface PostObservation {
  id: string;
  network: Network;
  publishedAt: Date;
  text: string;
  /** Null when unknown (posts imported before the networks were asked, or whose network did not say). */
  hasMedia: boolean | null;
  impressions: number | null;
  engagements: number;
}

export interface RatedPost extends PostObservation {
  /** Engagements per impression. */
  rate: number;
  /** The hour and weekday in the zone of the person asking (docs/decisions/145-person-time-zone.md). */
  hour: number;
  weekday: number;
  hashtagCount: number;
  length: number;
}

/**
 * Posts whose engagement rate is known (the network reported impressions), each placed in the hour and
 * weekday of `timeZone`: a post at 23:30 UTC on a Monday is 00:30 on Tuesday in Berlin.
 */
export function ratePosts(posts: readonly PostObservation[], timeZone: string): RatedPost[] {
  return posts
    .filter((post) => post.impressions !== null && post.impressions > 0)
    .map((post) => {
      const wall = wallClockAt(post.publishedAt, timeZone);
      const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
      return {
        ...post,
        rate: post.engagements / (post.impressions as number),
        hour: wall.hour,
        weekday,
        hashtagCount: extractHashtags(post.text).length,
        length: [...post.text].length,
      };
    });
}
