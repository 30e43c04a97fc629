import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/dialog';
import { useDeletePost, usePublishNow } from '../api/use-post-actions';
import type { DisplayPost } from '../lib/post-display';
import { useNow } from '../lib/use-now';
import { EditScheduledPostModal } from './edit-scheduled-post-modal';
import { EmptyMessage, NoScheduledPostsCard } from './empty-states';
import { CardGrid } from './post-grid';
import { ScheduledPostCard } from './scheduled-post-card';

export const PUBLISH_FAILED = 'Failed to publish post. Please try again.';
export const DELETE_FAILED = 'Failed to delete post. Please try again.';

type Confirming = { action: 'publish' | 'delete'; post: DisplayPost };

/**
 * The Scheduled tab: posts waiting to go out (and those that failed to), soonest first, with Edit,
 * Publish Now and Delete. `sendingIds` are posts whose Publish Now was accepted and that are not out yet.
 */
export function ScheduledPosts({
  posts,
  sendingIds,
  onSending,
}: {
  posts: DisplayPost[];
  sendingIds: ReadonlySet<string>;
  onSending: (id: string) => void;
}) {
  const now = useNow();
  const publishNow = usePublishNow();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [editing, setEditing] = useState<DisplayPost | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setError = (id: string, message: string | null) =>
    setErrors((current) => {
      const { [id]: _previous, ...rest } = current;
      return message ? { ...rest, [id]: message } : rest;
    });

  function confirm() {
    if (!confirming) return;
    const { action, post } = confirming;
    setError(post.id, null);
    if (action === 'publish') {
      publishNow.mutate(post.id, {
        onSuccess: () => onSending(post.id),
        onError: () => setError(post.id, PUBLISH_FAILED),
        onSettled: () => setConfirming(null),
      });
    } else {
      remove.mutate(post.id, {
        onError: () => setError(post.id, DELETE_FAILED),
        onSettled: () => setConfirming(null),
      });
    }
  }

  if (posts.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        <EmptyMessage title="No scheduled posts">Your upcoming posts will appear here once scheduled.</EmptyMessage>
        <NoScheduledPostsCard />
      </div>
    );
  }

  return (
    <>
      <CardGrid label="Scheduled posts">
        {posts.map((post) => (
          <li key={post.id} className="flex">
            <ScheduledPostCard
              post={post}
              now={now}
              sending={sendingIds.has(post.id)}
              error={errors[post.id] ?? null}
              onEdit={() => setEditing(post)}
              onPublishNow={() => setConfirming({ action: 'publish', post })}
              onDelete={() => setConfirming({ action: 'delete', post })}
            />
          </li>
        ))}
      </CardGrid>
      <ConfirmDialog
        open={confirming?.action === 'publish'}
        title="Publish now?"
        message="Are you sure you want to publish this post now?"
        busy={publishNow.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming?.action === 'delete'}
        title="Delete post?"
        message="Are you sure you want to delete this scheduled post?"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      {editing && <EditScheduledPostModal key={editing.id} post={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
