import type { AccountQueue } from '@postflow/contract';
import { networkName } from '@postflow/contract/client';
import { useSearchParams } from 'react-router';
import { ALL_CHANNELS, ChannelFilter } from '../../components/channels/channel-filter';
import { Alert } from '../../components/ui/alert';
import { EmptyState } from '../../components/ui/empty-state';
import { PlatformIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { SwitchField } from '../../components/ui/switch-field';
import { useToast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api-client';
import { readChannelParam, withChannelParam } from '../../lib/channel-param';
import { useCan } from '../../lib/workspace';
import { QUEUE_DAYS, useMoveQueued, useQueue, useRemoveQueued, useSaveSlots, useShareNow } from './api/use-queue';
import { QueueEntries } from './components/queue-entries';
import { SlotEditor } from './components/slot-editor';
import { SlotSuggestions } from './components/slot-suggestions';

const accountName = (account: AccountQueue) =>
  `${networkName(account.platform)}${account.username ? ` @${account.username}` : account.displayName ? ` ${account.displayName}` : ''}`;

/** docs/product.md, Queue (/queue): each account's posting times and the coming slots they make. */
export function QueuePage() {
  // One channel's queue: its account's slots, kept in the address as on the feed (docs/product.md, Queue · Page).
  const [params, setParams] = useSearchParams();
  const channel = readChannelParam(params);
  const queue = useQueue(channel);
  return (
    <section className="flex flex-col gap-6">
      <title>Queue · Postflow</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Queue</h1>
          <p className="mt-1 text-slate-600">
            Each account posts at its own weekly times. &ldquo;Add to queue&rdquo; in the composer takes the next free one. The next{' '}
            {QUEUE_DAYS} days are shown.
          </p>
        </div>
        <ChannelFilter
          className="w-full sm:w-72"
          value={channel}
          onChange={(value) => setParams(withChannelParam(params, value), { replace: true })}
        />
      </header>
      {queue.isPending && <Spinner />}
      {queue.isError && <Alert variant="error">Could not load the queue. Please try again.</Alert>}
      {queue.data?.accounts.length === 0 && channel !== ALL_CHANNELS && (
        <EmptyState title="No queue for this channel" action={{ label: 'Show all channels', to: '/queue' }}>
          The chosen channel is no longer connected in this workspace, so it has no posting times.
        </EmptyState>
      )}
      {queue.data?.accounts.length === 0 && channel === ALL_CHANNELS && (
        <EmptyState title="No connected accounts" action={{ label: 'Connect an account', to: '/connect-accounts' }}>
          Connect X or LinkedIn to give it posting times.
        </EmptyState>
      )}
      {queue.data?.accounts.map((account) => (
        <AccountQueueSection key={account.accountId} account={account} />
      ))}
    </section>
  );
}

function AccountQueueSection({ account }: { account: AccountQueue }) {
  const canEdit = useCan('editor');
  const toast = useToast();
  const move = useMoveQueued();
  const shareNow = useShareNow();
  const remove = useRemoveQueued();
  const pause = useSaveSlots();
  const name = accountName(account);
  const headingId = `queue-${account.accountId}`;
  const failed = (title: string) => (error: unknown) =>
    toast({ variant: 'error', title, message: isApiError(error) ? error.message : 'Please try again.' });

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <PlatformIcon provider={account.platform} className="size-5" />
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {name}
        </h2>
        <span className="text-sm text-slate-600">Times in {account.timeZone}</span>
      </div>
      {canEdit && (
        <SwitchField
          label="Pause queue"
          hint={account.paused ? 'Paused: nothing new can be added to this queue.' : 'Posts can be added to this queue.'}
          on={account.paused}
          disabled={pause.isPending}
          onChange={(paused) =>
            pause.mutate(
              { accountId: account.accountId, timeZone: account.timeZone, slots: account.slots, paused },
              { onError: failed('Could not change the queue') },
            )
          }
        />
      )}
      {!canEdit && account.paused && <p className="text-sm text-amber-800">This queue is paused.</p>}
      <QueueEntries
        entries={account.entries}
        timeZone={account.timeZone}
        canEdit={canEdit}
        busy={move.isPending || shareNow.isPending || remove.isPending}
        onMove={(id, to) => move.mutate({ id, to }, { onError: failed('Could not move the post') })}
        onShareNow={(id) =>
          shareNow.mutate(id, {
            onSuccess: () => toast({ variant: 'success', title: `Posting to ${networkName(account.platform)} now` }),
            onError: failed('Could not share the post now'),
          })
        }
        onRemove={(id) =>
          remove.mutate(id, {
            onSuccess: () => toast({ variant: 'success', title: 'Post removed', message: 'Its slot is free again.' }),
            onError: failed('Could not remove the post'),
          })
        }
      />
      {canEdit && (
        <>
          <SlotEditor
            key={account.accountId}
            accountId={account.accountId}
            accountName={name}
            initial={account.slots}
            timeZone={account.timeZone}
          />
          <SlotSuggestions accountId={account.accountId} current={account.slots} timeZone={account.timeZone} />
        </>
      )}
    </section>
  );
}
