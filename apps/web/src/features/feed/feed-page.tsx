import { FEED_PAGE_SIZE } from '@postflow/contract/client';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TimeZoneNote } from '../../components/time-zone-note';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { cx } from '../../components/ui/cx';
import { Pagination } from '../../components/ui/pagination';
import { useAuth } from '../../lib/auth';
import { pageNavigation } from '../../lib/page-navigation';
import { useFeed } from './api/use-feed';
import { useHasConnectedAccount } from './api/use-feed-accounts';
import { FeedFiltersPanel } from './components/feed-filters-panel';
import { PostCard, PostCardSkeletons } from './components/post-card';
import { readFeedParams, writeFeedParams, type FeedFilters } from './feed-filters';
import { useCan } from '../../lib/workspace';

const FilterIcon = () => (
  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" focusable="false">
    <path d="M4 5h16l-6 8v5l-4 2v-7z" strokeLinejoin="round" />
  </svg>
);

const grouped = (value: number) => value.toLocaleString('en-US');

/** docs/product.md, Feed (/feed): the signed-in person's posts, filtered and paged, 10 a page. */
export function FeedPage() {
  const { user } = useAuth();
  const writes = useCan('editor');
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, ...filters } = readFeedParams(searchParams);
  // Open from the start when the address already carries filters (a reload, a shared link).
  const [filtersOpen, setFiltersOpen] = useState(() => writeFeedParams({ ...filters, page: 1 }).size > 0);
  const filtersId = useId();
  const feed = useFeed(filters, page, Boolean(user));
  const hasAccount = useHasConnectedAccount();
  const filtered = writeFeedParams({ ...filters, page: 1 }).size > 0;
  const now = new Date();

  const totalCount = feed.data?.total_count ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalCount / FEED_PAGE_SIZE));
  // Past the server's counting horizon the totals are lower bounds: "1,000+" pages.
  const more = feed.data?.total_count_exact === false ? '+' : '';
  const pastTheEnd = Boolean(feed.data && !feed.isPlaceholderData && feed.data.posts.length === 0 && totalCount > 0 && page > totalPages);

  // A page that no longer exists (posts were deleted meanwhile): show the last one instead.
  useEffect(() => {
    if (!pastTheEnd) return;
    const params = new URLSearchParams(searchParams);
    params.set('page', String(totalPages));
    setSearchParams(params, { replace: true });
  }, [pastTheEnd, totalPages, searchParams, setSearchParams]);

  // Changing any filter reloads from page 1.
  function changeFilter<K extends keyof FeedFilters>(name: K, value: FeedFilters[K]) {
    setSearchParams(writeFeedParams({ ...filters, [name]: value, page: 1 }));
  }
  // Moving to another page puts the top of the list in view and focus on it, where the new page begins to read,
  // instead of leaving the reader at the bottom of the new page by the buttons.
  const list = useRef<HTMLDivElement>(null);
  const pageChosen = useRef(false);
  const goToPage = (next: number) => {
    pageChosen.current = true;
    setSearchParams(writeFeedParams({ ...filters, page: next }));
  };
  useEffect(() => {
    if (!pageChosen.current) return;
    pageChosen.current = false;
    // jsdom (the component tests) has no scrollIntoView.
    list.current?.scrollIntoView?.({ block: 'start' });
    list.current?.focus({ preventScroll: true });
  }, [page]);

  const header = (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Your Feed</h1>
        <p className="mt-1 text-slate-600">Your published posts</p>
        <TimeZoneNote className="mt-1" />
      </div>
      {user && (
        <Button
          variant="secondary"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
          className="self-start"
        >
          <FilterIcon />
          Filters
        </Button>
      )}
    </div>
  );

  if (!user) {
    return (
      <section className="flex flex-col gap-6">
        <title>Your Feed · Postflow</title>
        {header}
        <Alert variant="info">Please log in to view your feed</Alert>
      </section>
    );
  }

  let content;
  if (feed.isPending) {
    content = <PostCardSkeletons />;
  } else if (feed.isError && !feed.data) {
    content = (
      <Alert variant="error" title="Failed to load posts. Please try again.">
        {/* docs/product.md, Feed · Paging: 'Try Again' reloads the page; the filters live in the address, so they survive. */}
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => pageNavigation.assign(window.location.href)}>
          Try Again
        </Button>
      </Alert>
    );
  } else if (feed.data.posts.length === 0) {
    content = filtered ? (
      <EmptyState
        title="No posts match these filters"
        action={{ label: 'Clear filters', onClick: () => setSearchParams(new URLSearchParams()) }}
      >
        None of your posts is on the platform, in the time or with the status you chose. Clear the filters to see all of them.
      </EmptyState>
    ) : hasAccount.data === false ? (
      <EmptyState title="No posts yet" action={{ label: 'Connect an account', to: '/connect-accounts' }}>
        Postflow posts through your X or LinkedIn account. Connect one, then write your first post; it will appear here.
      </EmptyState>
    ) : (
      <EmptyState title="No posts yet" action={writes ? { label: 'Write your first post', to: '/create-post' } : undefined}>
        Your scheduled and published posts appear here. Write your first post to fill your feed.
      </EmptyState>
    );
  } else {
    const busy = feed.isFetching && feed.isPlaceholderData;
    content = (
      <>
        <div
          ref={list}
          role="region"
          aria-label={`Posts, page ${Math.min(page, totalPages)} of ${grouped(totalPages)}${more}`}
          tabIndex={-1}
          aria-busy={busy || undefined}
          className={cx(
            'flex scroll-mt-20 flex-col gap-4 transition-opacity focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand',
            busy && 'opacity-60',
          )}
        >
          {feed.data.posts.map((post) => (
            <PostCard key={post.id} post={post} now={now} />
          ))}
        </div>
        <div className="flex flex-col items-center gap-3">
          <p className="text-sm text-slate-600">
            {`Page ${Math.min(page, totalPages)} of ${grouped(totalPages)}${more} (${grouped(totalCount)}${more} ${totalCount === 1 && !more ? 'post' : 'posts'} total)`}
          </p>
          {totalPages > 1 && <Pagination page={page} totalPages={totalPages} onPageChange={goToPage} label="Feed pages" />}
        </div>
      </>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Your Feed · Postflow</title>
      {header}
      <FeedFiltersPanel id={filtersId} hidden={!filtersOpen} filters={filters} onChange={changeFilter} />
      {content}
    </section>
  );
}
