import type { Network } from '@postflow/contract';
import { networks } from '@postflow/contract/client';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { cx } from '../../../../components/ui/cx';
import { Dialog } from '../../../../components/ui/dialog';
import { EmptyState } from '../../../../components/ui/empty-state';
import { PlatformIcon } from '../../../../components/ui/icons';
import { Skeleton } from '../../../../components/ui/spinner';
import type { PostingAccounts, PostingAccountStatus } from '../api/use-posting-accounts';
import { NETWORK_NAMES } from '../wizard';

export interface PlatformsStepProps {
  accounts: PostingAccounts | undefined;
  loading: boolean;
  loadFailed: boolean;
  retrying: boolean;
  onRetry: () => void;
  selected: readonly Network[];
  onToggle: (network: Network) => void;
  /** 'Please select at least one platform' after Next without one. */
  error: string | null;
}

const card = 'flex min-h-24 w-full items-center gap-4 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-inset transition-colors';

/** docs/product.md, Composer · Platforms: one card per network; a connected one toggles, an unconnected one explains. */
export function PlatformsStep({ accounts, loading, loadFailed, retrying, onRetry, selected, onToggle, error }: PlatformsStepProps) {
  const errorId = useId();
  const [notConnected, setNotConnected] = useState<{ network: Network; status: PostingAccountStatus } | null>(null);
  const navigate = useNavigate();

  if (loading) {
    return (
      <div role="status" className="grid gap-4 sm:grid-cols-2">
        <span className="sr-only">Loading your accounts...</span>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (loadFailed || !accounts) {
    return (
      <Alert variant="error" title="Failed to load connected accounts">
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry} busy={retrying}>
          Try again
        </Button>
      </Alert>
    );
  }

  const dialogName = notConnected ? NETWORK_NAMES[notConnected.network].name : '';
  const nothingConnected = networks.every((network) => accounts[network] !== 'connected');

  return (
    <>
      {nothingConnected && (
        <EmptyState title="No account connected yet" className="mb-4" action={{ label: 'Connect an account', to: '/connect-accounts' }}>
          Postflow posts through your X or LinkedIn account, so there is nowhere to post yet. Connect an account, then come back to write
          your post.
        </EmptyState>
      )}
      <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <legend className="sr-only">Platforms to post to</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {networks.map((network) => {
            const status = accounts[network];
            if (status !== 'connected') {
              return (
                <UnconnectedCard key={network} network={network} status={status} onOpen={() => setNotConnected({ network, status })} />
              );
            }
            return <SelectableCard key={network} network={network} checked={selected.includes(network)} onToggle={onToggle} />;
          })}
        </div>
      </fieldset>
      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}

      <Dialog
        open={notConnected !== null}
        title="Account Not Connected"
        description={
          notConnected?.status === 'needs_reconnect'
            ? `Postflow can no longer post to your ${dialogName} account. Reconnect it to post there.`
            : `Connect your ${dialogName} account to post there.`
        }
        onClose={() => setNotConnected(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setNotConnected(null)}>
              Not Now
            </Button>
            <Button onClick={() => void navigate('/connect-accounts')}>Connect Now</Button>
          </>
        }
      />
    </>
  );
}

function SelectableCard({ network, checked, onToggle }: { network: Network; checked: boolean; onToggle: (network: Network) => void }) {
  const nameId = useId();
  const statusId = useId();
  return (
    <label
      className={cx(
        card,
        'cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand',
        checked ? 'bg-brand-soft ring-2 ring-brand' : 'ring-slate-200 hover:bg-slate-50',
      )}
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-white">
        <PlatformIcon provider={network} className="size-6" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span id={nameId} className="font-semibold text-slate-900">
          {NETWORK_NAMES[network].name}
        </span>
        <span id={statusId} className="text-sm text-slate-600">
          Connected
        </span>
      </span>
      <input
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(network)}
        aria-labelledby={nameId}
        aria-describedby={statusId}
        className="size-5 shrink-0 accent-brand"
      />
    </label>
  );
}

function UnconnectedCard({ network, status, onOpen }: { network: Network; status: PostingAccountStatus; onOpen: () => void }) {
  const nameId = useId();
  const statusId = useId();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-labelledby={nameId}
      aria-describedby={statusId}
      className={cx(card, 'bg-slate-50 ring-slate-200 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand')}
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-white opacity-60">
        <PlatformIcon provider={network} className="size-6" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span id={nameId} className="font-semibold text-slate-700">
          {NETWORK_NAMES[network].name}
        </span>
        <span id={statusId} className={cx('text-sm', status === 'needs_reconnect' ? 'font-medium text-red-700' : 'text-slate-500')}>
          {status === 'needs_reconnect' ? 'Reconnect' : 'Not connected'}
        </span>
      </span>
    </button>
  );
}
