import type { ApiKey } from '@postflow/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useToast } from '../../../components/ui/toast';
import { formatDate, formatDateTime } from '../../../lib/date-time';
import { formatRelativeTime } from '../../../lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/use-api-keys';
import { messageOf } from '../error-message';

/** The workspace's keys the person may see, never the keys themselves, each with Revoke. */
export function KeyList({ workspaceId }: { workspaceId: string }) {
  const keys = useApiKeys(workspaceId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  if (keys.isPending) return <p className="text-sm text-slate-600">Loading keys...</p>;
  if (keys.isError)
    return (
      <Alert variant="error" title="Failed to load the API keys">
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void keys.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (keys.data.length === 0)
    return (
      <EmptyState title="No API keys yet" level={3} className="shadow-none ring-0">
        A key lets another tool work in this workspace as you: n8n, Zapier or Make workflows, your CMS, or an AI assistant through MCP.
        Create one above with only the scopes it needs; you can revoke it at any time.
      </EmptyState>
    );
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {keys.data.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
        ))}
      </ul>
      {revoking && <RevokeKeyDialog apiKey={revoking} workspaceId={workspaceId} onClose={() => setRevoking(null)} />}
    </>
  );
}

/** 'Last used just now', 'Last used 5m ago', 'Last used on 3/1/2026'. */
function lastUsed(iso: string): string {
  const when = formatRelativeTime(iso);
  if (when === 'Just now') return 'Last used just now';
  return when.endsWith(' ago') ? `Last used ${when}` : `Last used on ${when}`;
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {apiKey.name} <span className="font-mono text-xs font-normal text-slate-500">…{apiKey.hint}</span>
        </p>
        <ul aria-label="Scopes" className="mt-1 flex flex-wrap gap-1">
          {apiKey.scopes.map((scope) => (
            <li key={scope}>
              <Badge>{scope}</Badge>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-slate-500">
          <span title={formatDateTime(apiKey.createdAt)}>Created {formatDate(apiKey.createdAt)}</span>
          {' · '}
          {apiKey.lastUsedAt ? <span title={formatDateTime(apiKey.lastUsedAt)}>{lastUsed(apiKey.lastUsedAt)}</span> : 'Never used'}
          {!apiKey.mine && ` · Made by ${apiKey.createdBy.name}`}
        </p>
      </div>
      <Button variant="secondary" size="sm" aria-label={`Revoke ${apiKey.name}`} onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}

function RevokeKeyDialog({ apiKey, workspaceId, onClose }: { apiKey: ApiKey; workspaceId: string; onClose: () => void }) {
  const revoke = useRevokeApiKey(workspaceId);
  const toast = useToast();
  return (
    <ConfirmDialog
      open
      tone="danger"
      title={`Revoke “${apiKey.name}”?`}
      message={
        <>
          Anything using this key stops working at once.
          {revoke.isError && (
            <Alert variant="error" className="mt-3">
              {messageOf(revoke.error, 'The key was not revoked. Try again in a moment.')}
            </Alert>
          )}
        </>
      }
      confirmLabel="Revoke key"
      busy={revoke.isPending}
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(apiKey, {
          onSuccess: () => {
            toast({ variant: 'success', title: `“${apiKey.name}” was revoked` });
            onClose();
          },
        })
      }
    />
  );
}
