import type { PostMetrics } from '../social-provider';
import { problemName } from './x-errors';
import type { XTweet, xTweetListSchema } from './x-schemas';
import type { z } from 'zod';

/** docs/networks.md, X · Reading posts and metrics: `ids` takes 1–100 ids per call. */
export const X_LOOKUP_BATCH = 100;
const ALL_METRICS = 'public_metrics,non_public_metrics,organic_metrics';

type TweetList = z.infer<typeof xTweetListSchema>;

/** What we report for one post: private counts when X shares them (own posts under 30 days), public ones otherwise. */
export function xPostMetrics(tweet: XTweet): PostMetrics {
  const publicMetrics = tweet.public_metrics;
  const privateMetrics = tweet.non_public_metrics ?? tweet.organic_metrics;
  return {
    postId: tweet.id,
    impressions: privateMetrics?.impression_count ?? publicMetrics?.impression_count,
    likes: publicMetrics?.like_count ?? 0,
    comments: publicMetrics?.reply_count ?? 0,
    shares: (publicMetrics?.retweet_count ?? 0) + (publicMetrics?.quote_count ?? 0),
    clicks: privateMetrics?.url_link_clicks,
  };
}

/**
 * Metrics for X posts, in batches of 100. Private metrics are refused per post (docs/networks.md, X · Partial errors: a 200 with a
 * `not-authorized-for-field` error and the post dropped from `data`) for posts older than 30 days;
 * those are asked again with public metrics only. Deleted posts (`resource-not-found`) are left out.
 */
export async function xMetrics(postIds: string[], lookup: (path: string) => Promise<TweetList>): Promise<PostMetrics[]> {
  // A non-numeric id cannot be an X post, and X would refuse the whole batch for it.
  const ids = [...new Set(postIds)].filter((id) => /^[0-9]{1,19}$/.test(id));
  const found = new Map<string, PostMetrics>();
  for (let start = 0; start < ids.length; start += X_LOOKUP_BATCH) {
    const batch = ids.slice(start, start + X_LOOKUP_BATCH);
    const full = await lookup(`/2/tweets?ids=${batch.join(',')}&tweet.fields=${ALL_METRICS}`);
    for (const tweet of full.data ?? []) found.set(tweet.id, xPostMetrics(tweet));
    const gone = new Set(
      (full.errors ?? [])
        .filter((error) => problemName(error.type) === 'resource-not-found')
        .map((error) => error.resource_id ?? error.value),
    );
    const publicOnly = batch.filter((id) => !found.has(id) && !gone.has(id));
    if (publicOnly.length === 0) continue;
    const fallback = await lookup(`/2/tweets?ids=${publicOnly.join(',')}&tweet.fields=public_metrics`);
    for (const tweet of fallback.data ?? []) found.set(tweet.id, xPostMetrics(tweet));
  }
  return ids.flatMap((id) => {
    const metrics = found.get(id);
    return metrics ? [metrics] : [];
  });
}
