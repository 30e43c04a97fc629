import type { Post, ThreadPartView } from '@postflow/contract';

let counter = 0;

/** A post as GET /posts answers it; ids are unique per call. */
export function aPost(overrides: Partial<Post> = {}): Post {
  counter += 1;
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
  return {
    id,
    post_id: id,
    user_id: '5b0c4f1e-8d3a-4c36-9d7e-2f1a6b8c9d01',
    platform: 'x',
    text: `Post number ${counter}`,
    status: 'scheduled',
    media_urls: [],
    media_alts: [],
    media_kinds: [],
    document_title: null,
    link_card: null,
    platform_url: null,
    scheduled_for: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    published_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    time_zone: 'UTC',
    linkedin_org_id: null,
    failure_reason: null,
    likes_count: 0,
    comments_count: 0,
    shares_count: 0,
    metrics_updated_at: null,
    account: { id: '9f4c1b2a-3d4e-4f50-8a6b-7c8d9e0f1a2b', username: 'ada_on_x', displayName: 'Ada on X', sandbox: false },
    author: { kind: 'account', name: 'Ada on X', handle: 'ada_on_x', avatar_url: null },
    ...overrides,
  };
}

/** Part `position` of an X thread, published with its own counts unless overridden (docs/decisions/155-threads.md). */
export function aThreadPart(position: number, overrides: Partial<ThreadPartView> = {}): ThreadPartView {
  return {
    id: `00000000-0000-4000-9000-${String(position).padStart(12, '0')}`,
    position,
    text: `Part ${position} of the thread`,
    status: 'published',
    media_urls: [],
    media_alts: [],
    platform_url: `https://x.com/ada_on_x/status/${position}`,
    published_at: '2026-03-03T09:00:00.000Z',
    failure_reason: null,
    likes_count: position * 10,
    comments_count: position,
    shares_count: 1,
    impressions_count: null,
    ...overrides,
  };
}

/** A thread of `count` parts that stopped at part `failed`: the parts before it out, it failed, the rest not sent. */
export function aStoppedThread(count: number, failed: number): ThreadPartView[] {
  const notOut = { platform_url: null, published_at: null, likes_count: 0, comments_count: 0, shares_count: 0 };
  return Array.from({ length: count }, (_, index) => {
    const position = index + 1;
    if (position < failed) return aThreadPart(position);
    if (position === failed) return aThreadPart(position, { ...notOut, status: 'failed', failure_reason: `X refused part ${failed}.` });
    return aThreadPart(position, { ...notOut, status: 'unsent', failure_reason: `Not sent: part ${failed} failed.` });
  });
}
