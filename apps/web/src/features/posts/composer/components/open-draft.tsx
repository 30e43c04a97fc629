import type { Draft } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PageStatus } from '../../../../components/ui/spinner';
import { apiCall, isApiError } from '../../../../lib/api-client';
import { wizardClock } from '../clock';
import { composerDraftOf, type ComposerDraft } from '../draft';

/** Reads the draft `?draft=<id>` names, once: the composer's own saves must not reload it under the person's hands. */
export function OpenDraft({
  id,
  children,
}: {
  id: string;
  children: (draft: ComposerDraft, saved: { id: string; revision: number }) => ReactNode;
}) {
  const query = useQuery({
    queryKey: ['open-draft', id],
    queryFn: ({ signal }) => apiCall(api.drafts.get, { params: { id }, signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (query.isPending) return <PageStatus>Opening your draft…</PageStatus>;
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.status >= 400 && query.error.status < 500;
    return gone ? (
      <section className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold text-slate-900">Create Post</h1>
        <EmptyState title="This draft no longer exists" action={{ label: 'See your drafts', to: '/drafts' }}>
          It was deleted, or it became a post. Your other drafts are on the Drafts page.
        </EmptyState>
      </section>
    ) : (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Create Post</h1>
        <Alert variant="error" title="Could not open this draft">
          {isApiError(query.error) ? query.error.message : 'Please try again.'}
        </Alert>
        <div>
          <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      </section>
    );
  }
  const draft: Draft = query.data.draft;
  return children(composerDraftOf(draft, wizardClock.timeZone()), { id: draft.id, revision: draft.revision });
}
