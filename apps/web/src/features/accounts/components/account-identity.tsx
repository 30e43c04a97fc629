import type { SocialAccount } from '@postflow/contract';
import { Avatar } from '../../../components/ui/avatar';
import { formatDay } from '../access-expiry';

/**
 * One connected account as its network's card lists it (docs/product.md, Channels): picture, name,
 * handle, and until when its access lasts (the card itself carries the Sandbox badge).
 */
export function AccountIdentity({ account, name }: { account: SocialAccount; name: string }) {
  const displayName = account.displayName?.trim() || name;
  const handle = account.username?.trim();
  const showHandle = handle && handle !== displayName;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={displayName} src={account.avatarURL} size="md" />
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-2">
          <span className="min-w-0 truncate font-medium text-slate-900" title={displayName}>
            {displayName}
          </span>
        </span>
        {showHandle && (
          <span className="truncate text-sm text-slate-600">
            {account.provider === 'x' && <span aria-hidden="true">@</span>}
            {handle}
          </span>
        )}
        <span className="text-xs text-slate-500">
          {account.expiresAt ? `Access until ${formatDay(account.expiresAt)}` : 'Access renews itself'}
        </span>
      </span>
    </div>
  );
}
