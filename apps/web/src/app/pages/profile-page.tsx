import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_CHANNELS, ChannelFilter } from '../../components/channels/channel-filter';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageStatus } from '../../components/ui/spinner';
import { SignInMethodsCard } from '../../features/auth/components/sign-in-methods-card';
import { useProfilePosts } from '../../features/posts/manage/api/use-profile-posts';
import { EmptyMessage } from '../../features/posts/manage/components/empty-states';
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
import { readChannelParam, withChannelParam } from '../../lib/channel-param';
import { profileDetailsQueryKey } from '../../lib/query-keys';
import { useChannels } from '../../lib/use-channels';

/** docs/product.md, Profile and post management (/profile): who you are, your audience, and your published and scheduled posts. */
export function ProfilePage() {
  const queryClient = useQueryClient();
  // docs/decisions/151-channels-in-every-view.md: one channel's posts and figures, kept in the address as on the feed.
  const [params, setParams] = useSearchParams();
  const channel = readChannelParam(params);
  const channels = useChannels();
  const channelName = channels.data?.find((candidate) => candidate.id === channel)?.name;
  const details = useProfileDetails(channel);
  const [tab, setTab] = useState<ProfileTab>('posts');
  const [editing, setEditing] = useState(false);
  const [sendingIds, setSendingIds] = useState<ReadonlySet<string>>(() => new Set());
  const posts = useProfilePosts(sendingIds, channel);
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
        <AudienceStats
          stats={details.data.stats}
          channelName={channel === ALL_CHANNELS ? undefined : (channelName ?? 'the chosen channel')}
        />
      </>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Profile · Postflow</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
        <ChannelFilter
          className="w-full sm:w-72"
          value={channel}
          onChange={(value) => setParams(withChannelParam(params, value), { replace: true })}
        />
      </div>
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
                {channel !== ALL_CHANNELS && (panel === 'posts' ? published : upcoming).length === 0 ? (
                  <EmptyMessage title="Nothing on this channel" action={{ label: 'Show all channels', to: '/profile' }}>
                    {`None of the posts in this tab went to ${channelName ?? 'the chosen channel'}.`}
                  </EmptyMessage>
                ) : panel === 'posts' ? (
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
