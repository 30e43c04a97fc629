import type { SocialAccount } from '@postflow/contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { PlatformIcon, WarningIcon } from '../../../components/ui/icons';
import { useCan } from '../../../lib/workspace';
import { accessExpiryNotice } from '../access-expiry';
import type { ConnectionStatus } from '../api/use-connections';
import { useLinkAccount } from '../api/use-link-account';
import type { NetworkInfo } from '../networks';
import { AccountIdentity } from './account-identity';
import { accountName } from './connected-accounts-list';

export interface AccountCardProps {
  network: NetworkInfo;
  /** This network's connected accounts (usually one; the server allows several). */
  accounts: SocialAccount[];
  /** From GET /api/connections; undefined when that call failed. */
  connection: ConnectionStatus | undefined;
  onDisconnect: (account: SocialAccount) => void;
}

/** One network on the Connect Accounts screen: who is connected, what needs attention, and the actions. */
export function AccountCard({ network, accounts, connection, onDisconnect }: AccountCardProps) {
  const titleId = useId();
  const link = useLinkAccount(network.id);
  const connected = accounts.length > 0;
  // Owners and admins connect and disconnect; the others see the accounts only (the server checks anyway).
  const manages = useCan('admin');
  // Without the connections answer, assume the server can connect the network and let the link call say otherwise.
  const available = connection?.available !== false;
  const sandbox = connected ? accounts.some((account) => account.sandbox) : available && connection?.sandbox === true;
  const connectLabel = (verb: string) => (
    <>
      {verb} <span className="sr-only">{network.name}</span>
    </>
  );

  return (
    <article
      aria-labelledby={titleId}
      className={cx('flex min-w-0 flex-col gap-4 rounded-xl p-5 shadow-sm ring-1 ring-slate-200', available ? 'bg-white' : 'bg-slate-50')}
    >
      <div className="flex items-start gap-3">
        <span
          className={cx('inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-100', !available && 'opacity-50')}
        >
          <PlatformIcon provider={network.id} className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className={cx('text-lg font-semibold', available ? 'text-slate-900' : 'text-slate-500')}>
              {network.name}
            </h2>
            {sandbox && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Sandbox</span>}
          </div>
          <p className="text-sm text-slate-600">{connected ? 'Connected' : available ? 'Not connected' : 'Not set up on this server'}</p>
        </div>
      </div>

      {sandbox && (
        <p className="text-sm text-slate-600">Posts go to Postflow&apos;s built-in {network.shortName} imitation, not the real network.</p>
      )}
      {connected && !available && <p className="text-sm text-slate-500">Not set up on this server</p>}

      {connected ? (
        <ul className="flex flex-col gap-4">
          {accounts.map((account) => {
            const name = accountName(account);
            const lost = account.status === 'needs_reconnect';
            const expiry = lost ? null : accessExpiryNotice(account.expiresAt);
            return (
              <li key={account.id} className="flex flex-col gap-3">
                <AccountIdentity account={account} name={name} />
                {(lost || expiry) && (
                  <p
                    className={cx(
                      'flex items-start gap-2 rounded-lg p-3 text-sm ring-1 ring-inset',
                      lost ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-amber-50 text-amber-900 ring-amber-200',
                    )}
                  >
                    <WarningIcon className="mt-px size-4" />
                    <span>{lost ? 'Postflow can no longer post to this account. Reconnect it.' : expiry}</span>
                  </p>
                )}
                {manages && (
                  <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                    {(lost || expiry) && (
                      <Button onClick={() => link.mutate()} busy={link.isPending} disabled={!available}>
                        {connectLabel('Reconnect')}
                      </Button>
                    )}
                    <Button variant="secondary" onClick={() => onDisconnect(account)}>
                      Disconnect{' '}
                      <span className="sr-only">
                        {network.name}
                        {accounts.length > 1 && ` (${name})`}
                      </span>
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {connected && manages && (
        // docs/product.md, Channels: a workspace connects any number of accounts per network.
        <div className="flex flex-col border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => link.mutate()} busy={link.isPending} disabled={!available}>
            Add another {network.shortName} account
          </Button>
        </div>
      )}
      {connected ? null : !manages ? (
        <p className="text-sm text-slate-600">Only this workspace&apos;s owners and admins connect accounts.</p>
      ) : (
        <div className="flex flex-col sm:flex-row sm:justify-end">
          <Button onClick={() => link.mutate()} busy={link.isPending} disabled={!available}>
            {connectLabel('Connect')}
          </Button>
        </div>
      )}

      {link.isError && (
        <p role="alert" className="text-sm text-red-700">
          Couldn&apos;t start connecting {network.name}. {link.error.message}
        </p>
      )}
    </article>
  );
}
