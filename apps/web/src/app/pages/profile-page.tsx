import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageStatus } from '../../components/ui/spinner';
import { SignInMethodsCard } from '../../features/auth/components/sign-in-methods-card';
import { useProfilePosts } from '../../features/posts/manage/api/use-profile-posts';
import { PostGrid } from '../../features/posts/manage/components/post-grid';
import { PublishedPosts } from '../../features/posts/manage/components/published-posts';
import { ScheduledPosts } from '../../features/posts/manage/components/scheduled-posts';
import { statusGroup, toDisplayPost } from '../../features/posts/manage/lib/post-display';
import { useProfileDetails } from '../../features/profile/api/use-profile-details';
import { AudienceStats } from '../../features/profile/components/audience-stats';
import { EditProfileModal } from '../../features/profile/components/edit-profile-modal';
import { ProfileHeader } from '../../features/profile/components/profile-header';
import { ProfileTabs, tabIds, type ProfileTab } from '../../features/profile/components/profile-tabs';
import { TimeZoneCard } from '../../features/profile/components/time-zone-card';
import { TimeZoneNote } from '../../components/time-zone-note';
import { profileDetailsQueryKey } from '../../lib/query-keys';

/** docs/product.md, Profile and post management (/profile): who you are, your audience, and your published and scheduled posts. */
export function ProfilePage() {
  const queryClient = useQueryClient();
  const details = useProfileDetails();
  const [tab, setTab] = useState<ProfileTab>('posts');
  const [editing, setEditing] = useState(false);
  const [sendingIds, setSendingIds] = useState<ReadonlySet<string>>(() => new Set());
  const posts = useProfilePosts(sendingIds);
  const tabsId = useId();

  const published = useMemo(() => (posts.data?.published ?? []).map((post) => toDisplayPost(post)), [posts.data]);
  const upcoming = useMemo(() => (posts.data?.upcoming ?? []).map((post) => toDisplayPost(post)), [posts.data]);
  const waitingCount = posts.data
    ? upcoming.filter((post) => statusGroup(post.status) === 'scheduled').length
    : (details.data?.stats.scheduled ?? null);

  // A post that went out (or was deleted) changes the counts in the header: read them again when the newest
  // published post or the number waiting changes. Loading more published posts changes neither.
  const publishedShape = posts.data ? `${posts.data.published[0]?.id ?? ''}|${posts.data.upcoming.length}` : undefined;
  const seenPublishedShape = useRef(publishedShape);
  useEffect(() => {
    const previous = seenPublishedShape.current;
    seenPublishedShape.current = publishedShape;
    if (previous !== undefined && publishedShape !== undefined && previous !== publishedShape) {
      void queryClient.invalidateQueries({ queryKey: profileDetailsQueryKey });
    }
  }, [publishedShape, queryClient]);

  const markSending = (id: string) => setSendingIds((current) => new Set(current).add(id));

  let header;
  if (details.isPending) {
    header = <PageStatus>Loading profile...</PageStatus>;
  } else if (details.isError) {
    header = (
      <Alert variant="error" title="Failed to load profile data">
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void details.refetch()} busy={details.isFetching}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    header = (
      <>
        <ProfileHeader user={details.data.user} onEdit={() => setEditing(true)} />
        <AudienceStats stats={details.data.stats} />
      </>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Profile · Postflow</title>
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
      {header}
      <div className="flex flex-col gap-4">
        <ProfileTabs selected={tab} onSelect={setTab} scheduledCount={waitingCount} baseId={tabsId} />
        {(['posts', 'scheduled'] as const).map((panel) => (
          // Both panels exist, so each tab's aria-controls names an element; only the selected one shows.
          <div
            key={panel}
            role="tabpanel"
            id={tabIds(tabsId, panel).panel}
            aria-labelledby={tabIds(tabsId, panel).tab}
            hidden={tab !== panel}
            tabIndex={0}
            className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
          >
            {tab === panel && (
              <PostGrid status={posts.status} onRetry={() => void posts.refetch()} retrying={posts.isFetching}>
                {panel === 'posts' ? (
                  <PublishedPosts
                    posts={published}
                    more={posts.hasNextPage}
                    loadingMore={posts.isFetchingNextPage}
                    onLoadMore={() => void posts.fetchNextPage()}
                  />
                ) : (
                  <ScheduledPosts posts={upcoming} sendingIds={sendingIds} onSending={markSending} />
                )}
              </PostGrid>
            )}
          </div>
        ))}
        <TimeZoneNote />
      </div>
      <TimeZoneCard />
      <SignInMethodsCard />
      {editing && details.data && <EditProfileModal user={details.data.user} onClose={() => setEditing(false)} />}
    </section>
  );
}
