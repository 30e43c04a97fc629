import type { SyncStatus } from '../api/use-sync';
import { isSyncBusy } from '../api/use-sync';
import { fullDateTime, sinceText } from '../lib/format';
import { networkName } from '../lib/platforms';

/** "Last synced 5m ago", "Syncing X…", or why the last sync failed, for the selected network. */
export function SyncLine({ status, now }: { status: SyncStatus | undefined; now: number }) {
  if (!status) return null;
  const name = networkName(status.platform);
  const lastSynced = status.last_synced_at ? (
    <time dateTime={status.last_synced_at} title={fullDateTime(status.last_synced_at)}>
      {sinceText('Last synced', status.last_synced_at, now)}
    </time>
  ) : (
    <span>{name} has not been synced yet</span>
  );

  return (
    <p role="status" className="flex flex-wrap gap-x-2">
      {isSyncBusy(status.status) ? <span>Syncing {name}…</span> : lastSynced}
      {status.status === 'failed' && <span className="text-red-700">The last sync failed{status.error ? `: ${status.error}` : '.'}</span>}
    </p>
  );
}
