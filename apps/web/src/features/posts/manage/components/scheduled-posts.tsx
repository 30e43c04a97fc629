import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/ui/dialog';
import { useToast } from '../../../../components/ui/toast';
import { isApiError } from '../../../../lib/api-client';
import { formatWhen } from '../../../../lib/date-time';
import { quote } from '../../../../lib/text';
import { threadDeleteWarning, threadOf } from '../../../../lib/thread-words';
import { useDeletePost, usePublishNow } from '../api/use-post-actions';
import { useRestorePost } from '../api/use-restore-post';
import type { DisplayPost } from '../lib/post-display';
import { canRestore, networkLabel, postLabel } from '../lib/post-words';
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
  const restore = useRestorePost();
  const toast = useToast();
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
        onSuccess: () => {
          onSending(post.id);
          toast({
            variant: 'success',
            title: `Publishing on ${networkLabel(post.platform)} now`,
            message: `“${quote(post.content)}” goes out within seconds; it moves to Posts once it is out.`,
          });
        },
        onError: () => setError(post.id, PUBLISH_FAILED),
        onSettled: () => setConfirming(null),
      });
    } else {
      const restorable = canRestore(post, now);
      remove.mutate(post.id, {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: 'Post deleted',
            message: `“${quote(post.content)}” will not go out on ${networkLabel(post.platform)}.`,
            action: restorable
              ? { label: 'Undo', accessibleLabel: 'Undo: schedule the deleted post again', onAction: () => undoDelete(post) }
              : undefined,
          }),
        onError: () => setError(post.id, DELETE_FAILED),
        onSettled: () => setConfirming(null),
      });
    }
  }

  // Runs from the message, which may outlive this list: only the API, the toast and the cache.
  function undoDelete(post: DisplayPost) {
    restore(post).then(
      (at) => toast({ variant: 'success', title: 'Post restored', message: `Scheduled again for ${formatWhen(at)}.` }),
      (error: unknown) =>
        toast({
          variant: 'error',
          title: 'Could not restore the post',
          message: isApiError(error) ? error.message : 'Please write it again in Create Post.',
        }),
    );
  }

  const nowDate = new Date(now);
  const confirmingLabel = confirming ? postLabel(confirming.post, nowDate) : '';
  // A thread goes as a whole: say so before, naming what is already on the network (docs/product.md, Composer · Threads).
  const confirmingThread = confirming ? threadOf(confirming.post.threadItem) : null;

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
              label={postLabel(post, nowDate)}
            />
          </li>
        ))}
      </CardGrid>
      <ConfirmDialog
        open={confirming?.action === 'publish'}
        title="Publish now?"
        message={`Are you sure you want to publish this post now? ${confirmingLabel} goes out on ${networkLabel(confirming?.post.platform ?? '')} within seconds.`}
        confirmLabel="Publish now"
        busy={publishNow.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming?.action === 'delete'}
        title={confirmingThread ? 'Delete thread?' : 'Delete post?'}
        message={
          confirmingThread
            ? `Are you sure you want to delete this thread? ${confirmingLabel}: ${threadDeleteWarning(confirmingThread, networkLabel(confirming?.post.platform ?? ''))}`
            : `Are you sure you want to delete this scheduled post? ${confirmingLabel} will not go out.`
        }
        confirmLabel={confirmingThread ? 'Delete thread' : 'Delete post'}
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      {editing && <EditScheduledPostModal key={editing.id} post={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
