import type { analyticsRoutes, RouteResponse } from '@postflow/contract';
import { PlatformIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { excerpt, formatCount, formatRate, fullDateTime, sinceText } from '../lib/format';
import { networkName } from '../lib/platforms';
import { Panel } from './panel';
import { plural } from '../../../lib/text';

type PostItem = RouteResponse<typeof analyticsRoutes.summary>['post_analytics'][number];

/** docs/product.md, Analytics · Sections: the top posts list shows 5. */
export const TOP_POSTS_LIMIT = 5;

/** The best posts of the range (the server sends them best first), with their figures and a link. */
export function TopPosts({ posts, now }: { posts: readonly PostItem[]; now: number }) {
  const top = posts.slice(0, TOP_POSTS_LIMIT);
  return (
    <Panel title="Top posts" description="Your best posts in this range, by engagement rate.">
      {top.length === 0 ? (
        <p className="text-sm text-slate-600">No published posts in this range.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-200">
          {top.map((post) => (
            <li key={post.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
              <p className="text-sm text-slate-900">{excerpt(post.text)}</p>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="inline-flex items-center gap-1.5">
                  <PlatformIcon provider={post.platform} className="size-4" />
                  <span aria-hidden="true">{networkName(post.platform)}</span>
                  {/* Its channel (docs/product.md, Channels): the account or page it went out as. */}
                  {post.author && <span className="font-medium text-slate-800">· {post.author.name}</span>}
                </span>
                <span>
                  Engagement rate{' '}
                  {post.engagement_rate === null ? (
                    <Tooltip content={`${networkName(post.platform)} does not report impressions for this post`}>
                      <span className="font-semibold text-slate-900">—</span>
                    </Tooltip>
                  ) : (
                    <span className="font-semibold text-slate-900 tabular-nums">{formatRate(post.engagement_rate)}</span>
                  )}
                </span>
                {post.impressions !== null && (
                  <span className="tabular-nums">
                    {formatCount(post.impressions)} {plural(post.impressions, 'impression')}
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
                <span className="tabular-nums">
                  {formatCount(post.likes)} {plural(post.likes, 'like')}
                </span>
                <span className="tabular-nums">
                  {formatCount(post.comments)} {plural(post.comments, 'comment')}
                </span>
                <span className="tabular-nums">
                  {formatCount(post.shares)} {plural(post.shares, 'share')}
                </span>
                {post.metrics_updated_at && (
                  <time dateTime={post.metrics_updated_at} title={fullDateTime(post.metrics_updated_at)} className="text-xs text-slate-500">
                    {sinceText('Updated', post.metrics_updated_at, now)}
                  </time>
                )}
                {post.platform_url && (
                  <a
                    href={post.platform_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand sm:ml-auto"
                  >
                    View on {networkName(post.platform)}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
