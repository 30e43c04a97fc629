import { useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client';
import { useCanApprove, useDecidePost } from '../../lib/use-approvals';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextArea } from '../ui/text-area';
import { useToast } from '../ui/toast';

const REASON_MAX = 500;

/**
 * Approve and Reject on a post waiting for approval, for the workspace's owners and admins
 * (docs/decisions/130-approvals.md); nothing for anyone else or any other status. Approving acts on
 * the whole post (every network); rejecting asks for the reason the author will read.
 */
export function ApprovalActions({ post, label }: { post: { id: string; status: string }; label: string }) {
  const canApprove = useCanApprove();
  const decide = useDecidePost();
  const toast = useToast();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  if (!canApprove || post.status !== 'pending_approval') return null;

  const failed = (error: unknown) =>
    toast({ variant: 'error', title: 'That did not work', message: isApiError(error) ? error.message : 'Try again in a moment.' });

  function approve() {
    decide.mutate(
      { id: post.id, decision: { approve: true } },
      {
        onSuccess: ({ posts }) => {
          const missed = posts.some((copy) => copy.status === 'missed');
          toast(
            missed
              ? { variant: 'info', title: 'Approved, but too late', message: 'Its time passed too long ago, so it was not published.' }
              : { variant: 'success', title: 'Post approved', message: 'It will go out at its time.' },
          );
        },
        onError: failed,
      },
    );
  }

  function submitRejection(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setReasonError('Say why the post is rejected');
      return;
    }
    decide.mutate(
      { id: post.id, decision: { reason: trimmed } },
      {
        onSuccess: () => {
          setRejecting(false);
          setReason('');
          toast({ variant: 'success', title: 'Post rejected', message: 'Its author has been told why.' });
        },
        onError: (error) => {
          if (isApiError(error) && error.fields.reason) setReasonError(error.fields.reason);
          else failed(error);
        },
      },
    );
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={approve} disabled={decide.isPending} aria-label={`Approve post ${label}`}>
        Approve
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setRejecting(true)}
        disabled={decide.isPending}
        aria-label={`Reject post ${label}`}
      >
        Reject
      </Button>
      <Dialog
        open={rejecting}
        title="Reject this post?"
        description="Its author is told by email and sees the reason on the post. They can edit it and send it for approval again."
        onClose={() => setRejecting(false)}
      >
        <form onSubmit={submitRejection} className="mt-4 flex flex-col gap-4" noValidate>
          <TextArea
            label="Reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(undefined);
            }}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={decide.isPending}>
              Reject post
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
