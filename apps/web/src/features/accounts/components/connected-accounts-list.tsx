import type { SocialAccount } from '@postflow/contract';
import { Link } from 'react-router';
import { PlatformIcon } from '../../../components/ui/icons';
import { useConnectedAccounts } from '../api/use-connected-accounts';

/** docs/product.md, App shell · Connected accounts list: an account is named by its username, else its display name, else its provider. */
export function accountName(account: Pick<SocialAccount, 'username' | 'displayName' | 'provider'>): string {
  return account.username?.trim() || account.displayName?.trim() || account.provider;
}

/** The sidebar's "Connected Accounts" list with its loading, error and empty states (docs/product.md, App shell · Connected accounts list). */
export function ConnectedAccountsList() {
  const accounts = useConnectedAccounts();

  if (accounts.isPending) return <p className="text-sm text-slate-500">Loading accounts...</p>;
  if (accounts.isError) return <p className="text-sm text-red-700">Failed to load connected accounts</p>;
  if (accounts.data.length === 0) {
    return (
      <Link to="/settings/connections" className="text-sm font-medium text-brand hover:text-brand-strong hover:underline">
        Connect your accounts
      </Link>
    );
  }

  return (
    <ul className="flex flex-col gap-2">
      {accounts.data.map((account) => (
        <li key={account.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
          <PlatformIcon provider={account.provider} className="size-4" />
          <span className="min-w-0 truncate" title={accountName(account)}>
            {accountName(account)}
          </span>
          {account.sandbox && (
            <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900">Sandbox</span>
          )}
          {account.status === 'needs_reconnect' && (
            <Link
              to="/connect-accounts"
              className="ml-auto shrink-0 rounded bg-red-50 px-1.5 py-0.5 text-[11px] font-semibold text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-100"
            >
              Reconnect
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
