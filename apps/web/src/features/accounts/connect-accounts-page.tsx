import type { SocialAccount } from '@postflow/contract';
import { useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { RefreshIcon } from '../../components/ui/icons';
import { PageStatus } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { formatTime } from '../../lib/date-time';
import { useConnectedAccounts } from './api/use-connected-accounts';
import { useConnections } from './api/use-connections';
import { useDisconnectAccount } from './api/use-disconnect-account';
import { AccountCard } from './components/account-card';
import { NETWORKS } from './networks';

const BENEFITS = [
  'Post to several platforms in one click',
  'Schedule for good times',
  'Track performance across platforms',
  'Manage your whole social presence in one place',
];

/** The disconnect being confirmed; its answer is a message, not a second dialog. `name` is the platform's name (docs/decisions/031). */
type DisconnectStep = {
  account: SocialAccount;
  name: string;
  /** Whether to keep signing in with the account (decision 107: off by default). */
  keepSignIn: boolean;
};

/** docs/product.md, Connect accounts · Connect and disconnect: what the confirmation adds about signing in. */
const SIGN_IN_OUTCOME = {
  kept: ' You can still sign in to Postflow with it.',
  removed: ' It no longer signs you in to Postflow.',
  none: '',
} as const;

/** docs/product.md, Connect accounts · Screen (/connect-accounts): one card per network, with Connect or Disconnect. */
export function ConnectAccountsPage() {
  const accounts = useConnectedAccounts();
  const connections = useConnections();
  const disconnect = useDisconnectAccount();
  const toast = useToast();
  const [refreshing, setRefreshing] = useState(false);
  const [disconnecting, setDisconnecting] = useState<DisconnectStep | null>(null);
  const benefitsId = useId();

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([accounts.refetch(), connections.refetch()]);
    } finally {
      setRefreshing(false);
    }
  }

  function askToDisconnect(account: SocialAccount) {
    const name = NETWORKS.find((network) => network.id === account.provider)?.name ?? account.provider;
    setDisconnecting({ account, name, keepSignIn: false });
  }

  function confirmDisconnect() {
    if (!disconnecting) return;
    const current = disconnecting;
    disconnect.mutate(
      { account: current.account, keepSignIn: current.keepSignIn },
      {
        onSuccess: (answer) => {
          setDisconnecting(null);
          toast({
            variant: 'success',
            title: `${current.name} disconnected`,
            message: `Your ${current.name} account was disconnected at ${formatTime(new Date())}.${SIGN_IN_OUTCOME[answer.signIn ?? 'none']}`,
          });
        },
        onError: () => {
          setDisconnecting(null);
          toast({
            variant: 'error',
            title: `Could not disconnect ${current.name}`,
            message: 'There was an error disconnecting your account.',
          });
        },
      },
    );
  }

  const closeDisconnect = () => setDisconnecting(null);
  // Both answers shape the cards (the second says which networks this server can connect); wait for both.
  const loading = accounts.isPending || connections.isPending;

  let content;
  if (loading) {
    content = <PageStatus>Loading your connected accounts...</PageStatus>;
  } else if (accounts.isError && !accounts.data) {
    content = (
      <Alert variant="error" title="Failed to load connected accounts">
        <p>{accounts.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refresh()} busy={refreshing}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    const socials = accounts.data ?? [];
    content = (
      <div className="flex flex-col gap-4">
        {accounts.isError && <Alert variant="error">Failed to load connected accounts</Alert>}
        <div className="grid gap-4 md:grid-cols-2" aria-busy={refreshing || undefined}>
          {NETWORKS.map((network) => (
            <AccountCard
              key={network.id}
              network={network}
              // docs/product.md, Shared rules · Networks: only accounts with a social_id count as connected; providers compare in lower case.
              accounts={socials.filter((account) => account.provider.toLowerCase() === network.id && account.social_id)}
              connection={connections.data?.[network.id]}
              onDisconnect={askToDisconnect}
            />
          ))}
        </div>
      </div>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Connect Your Accounts · Postflow</title>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Connect Your Accounts</h1>
          <p className="mt-1 text-slate-600">Link your social media accounts to manage all your content in one place</p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void refresh()}
          busy={refreshing}
          busyLabel="Refreshing..."
          disabled={loading}
          className="self-start"
        >
          <RefreshIcon className="size-4" />
          Refresh
        </Button>
      </header>

      {content}

      <section aria-labelledby={benefitsId} className="rounded-xl bg-brand-soft p-5 ring-1 ring-blue-200 ring-inset">
        <h2 id={benefitsId} className="font-semibold text-blue-900">
          Why connect your accounts?
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-blue-900">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>

      <ConfirmDialog
        open={disconnecting !== null}
        title={`Disconnect ${disconnecting?.name}?`}
        message={
          <>
            <span className="block">Are you sure you want to disconnect your {disconnecting?.name} account?</span>
            <label className="mt-3 flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={disconnecting?.keepSignIn ?? false}
                onChange={(event) => setDisconnecting((current) => current && { ...current, keepSignIn: event.target.checked })}
              />
              <span>Keep signing in to Postflow with this account</span>
            </label>
          </>
        }
        confirmLabel={`Disconnect ${disconnecting?.name}`}
        tone="danger"
        busy={disconnect.isPending}
        onConfirm={confirmDisconnect}
        onCancel={closeDisconnect}
      />
    </section>
  );
}
