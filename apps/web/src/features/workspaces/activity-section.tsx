import type { ActivityEntry } from '@postflow/contract';
import { Alert } from '../../components/ui/alert';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { formatDateTime } from '../../lib/date-time';
import { activityNote, activitySentence, actorName } from './activity-sentence';
import { useWorkspaceActivity } from './use-workspace-activity';

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const note = activityNote(entry);
  return (
    <li className="flex items-start gap-3 py-3">
      <Avatar name={actorName(entry)} src={entry.actor?.avatarUrl ?? null} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-900">{activitySentence(entry)}</p>
        {note && <p className="mt-0.5 text-sm text-slate-600">{note}</p>}
        <time dateTime={entry.createdAt} className="mt-0.5 block text-xs text-slate-500">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
    </li>
  );
}

/** The workspace settings page's Activity section: who did what, newest first (docs/product.md, Workspaces · Activity log). */
export function ActivitySection({ workspaceId }: { workspaceId: string }) {
  const activity = useWorkspaceActivity(workspaceId);
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (activity.isPending) {
    body = <Spinner label="Loading activity..." />;
  } else if (activity.isError && entries.length === 0) {
    body = <Alert variant="error">{`The activity could not be loaded. ${activity.error.message}`}</Alert>;
  } else if (entries.length === 0) {
    body = (
      <EmptyState title="No activity yet" level={3}>
        When someone connects an account, writes, approves or publishes a post, or invites a member, it shows here.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ol className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} />
          ))}
        </ol>
        {activity.isFetchNextPageError && (
          <Alert variant="error">{`More activity could not be loaded. ${activity.error?.message ?? ''}`}</Alert>
        )}
        {activity.hasNextPage && (
          <Button variant="secondary" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
            {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="workspace-activity" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="workspace-activity" className="mb-3 text-lg font-semibold text-slate-900">
        Activity
      </h2>
      {body}
    </section>
  );
}
