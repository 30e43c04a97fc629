import type { Draft } from '@postflow/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { PlatformIcon, platformName } from '../../components/ui/icons';
import { PageStatus } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { formatWhen } from '../../lib/date-time';
import { personTimeZone } from '../../lib/person-time-zone';
import { useCan } from '../../lib/workspace';
import { useDeleteDraft, useDrafts } from './api/use-drafts';

const OPENING_LENGTH = 140;

/** The first words of a draft, as the list shows it. */
export function draftOpening(draft: Pick<Draft, 'text'>): string {
  const text = draft.text.trim().replace(/\s+/g, ' ');
  if (!text) return 'No text yet';
  return text.length > OPENING_LENGTH ? `${text.slice(0, OPENING_LENGTH - 1)}…` : text;
}

/**
 * docs/product.md, Drafts (/drafts): what the workspace is writing, the most recently changed first.
 * A draft opens back into the composer, where it is scheduled, queued or posted; or it is deleted.
 */
export function DraftsPage() {
  const drafts = useDrafts();
  const remove = useDeleteDraft();
  const toast = useToast();
  const writes = useCan('editor');
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const timeZone = personTimeZone();
  const now = new Date();

  function confirmDelete() {
    if (!deleting) return;
    const draft = deleting;
    remove.mutate(draft.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ variant: 'success', title: 'Draft deleted', message: `“${draftOpening(draft)}” is gone.` });
      },
      onError: (error) => {
        setDeleting(null);
        toast({
          variant: 'error',
          title: 'Could not delete the draft',
          message: isApiError(error) ? error.message : 'Please try again.',
        });
      },
    });
  }

  let body;
  if (drafts.isPending) {
    body = <PageStatus>Loading your drafts…</PageStatus>;
  } else if (drafts.isError) {
    body = (
      <Alert variant="error" title="Could not load your drafts">
        <p>{isApiError(drafts.error) ? drafts.error.message : 'Please try again.'}</p>
        <Button className="mt-3" size="sm" variant="secondary" onClick={() => void drafts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (drafts.data.drafts.length === 0) {
    body = (
      <EmptyState title="No drafts" action={writes ? { label: 'Create Post', to: '/create-post' } : undefined}>
        What you write in Create Post is saved here as you type, until you post or schedule it.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-slate-600">Times are in your time zone, {timeZone}.</p>
        <ul aria-label="Drafts" className="flex flex-col gap-3">
          {drafts.data.drafts.map((draft) => (
            <li
              key={draft.id}
              className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <p className={draft.text.trim() ? 'break-words text-slate-900' : 'text-slate-500 italic'}>{draftOpening(draft)}</p>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  {draft.platforms.length > 0 ? (
                    <span className="inline-flex items-center gap-1.5">
                      <span aria-hidden="true" className="inline-flex gap-1">
                        {draft.platforms.map((network) => (
                          <PlatformIcon key={network} provider={network} className="size-4" />
                        ))}
                      </span>
                      {draft.platforms.map(platformName).join(' and ')}
                    </span>
                  ) : (
                    <span>No network chosen</span>
                  )}
                  <span>
                    Updated <time dateTime={draft.updatedAt}>{formatWhen(draft.updatedAt, now, { timeZone })}</time>
                  </span>
                  {draft.author && <span>by {draft.author.name}</span>}
                  {draft.scheduledAt && (
                    <span>
                      Planned for <time dateTime={draft.scheduledAt}>{formatWhen(draft.scheduledAt, now, { timeZone })}</time>
                    </span>
                  )}
                </p>
              </div>
              {writes && (
                <div className="flex shrink-0 gap-2">
                  <Link
                    to={`/create-post?draft=${draft.id}`}
                    className={buttonClasses({ size: 'sm' })}
                    aria-label={`Open draft: ${draftOpening(draft)}`}
                  >
                    Open
                  </Link>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Delete draft: ${draftOpening(draft)}`}
                    onClick={() => setDeleting(draft)}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Drafts · Postflow</title>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Drafts</h1>
        <p className="mt-1 text-slate-600">Saved as you type in Create Post. Open one to finish, schedule or queue it.</p>
      </header>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this draft?"
        message={
          deleting ? `“${draftOpening(deleting)}” and its image are deleted for everyone in the workspace. This cannot be undone.` : null
        }
        confirmLabel="Delete draft"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
