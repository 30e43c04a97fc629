import type { Webhook, WebhookWithSecret } from '@postflow/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SwitchField } from '../../components/ui/switch-field';
import { useToast } from '../../components/ui/toast';
import { useDeleteWebhook, useRotateWebhookSecret, useSendTestWebhook, useUpdateWebhook } from './api/use-webhooks';
import { messageOf } from './error-message';
import { WebhookDeliveries } from './webhook-deliveries';
import { webhookEventLabels } from './webhook-events';

/** One endpoint: its address and events, on or off, and its actions (test, log, rotate, delete). */
export function WebhookItem({
  workspaceId,
  webhook,
  onSecret,
}: {
  workspaceId: string;
  webhook: Webhook;
  onSecret: (webhook: WebhookWithSecret) => void;
}) {
  const update = useUpdateWebhook(workspaceId);
  const remove = useDeleteWebhook(workspaceId);
  const rotate = useRotateWebhookSecret(workspaceId);
  const test = useSendTestWebhook(workspaceId, webhook.id);
  const toast = useToast();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const failed = (title: string) => (error: unknown) => toast({ variant: 'error', title, message: messageOf(error, 'Try again.') });

  return (
    <li aria-label={webhook.url} className="flex flex-col gap-3 py-4">
      <div>
        <p className="font-mono text-sm break-all text-slate-900">{webhook.url}</p>
        <p className="text-sm text-slate-600">{webhook.events.map((event) => webhookEventLabels[event]).join(', ')}</p>
      </div>
      <SwitchField
        label={`Send events to ${webhook.url}`}
        hint={webhook.enabled ? 'On: events are sent here.' : (webhook.disabledReason ?? 'Off: no events are sent here.')}
        on={webhook.enabled}
        disabled={update.isPending}
        onChange={(enabled) => update.mutate({ id: webhook.id, change: { enabled } }, { onError: failed('Not changed') })}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!webhook.enabled}
          busy={test.isPending}
          onClick={() =>
            test.mutate(undefined, {
              onSuccess: () => {
                setShowLog(true);
                toast({ variant: 'success', title: 'Test sent', message: 'It shows in the delivery log.' });
              },
              onError: failed('Test not sent'),
            })
          }
        >
          Send test
        </Button>
        <Button variant="secondary" size="sm" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setConfirm('rotate')}>
          Rotate secret
        </Button>
        <Button variant="danger" size="sm" onClick={() => setConfirm('delete')}>
          Delete
        </Button>
      </div>
      {showLog && <WebhookDeliveries workspaceId={workspaceId} webhookId={webhook.id} canSend={webhook.enabled} />}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate the signing secret?"
        message="Postflow signs with a new secret from now on, and with the old one too for 24 hours, so you can update your receiver."
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutate(webhook.id, {
            onSuccess: (rotated) => {
              setConfirm(null);
              onSecret(rotated);
            },
            onError: failed('Secret not rotated'),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Delete this endpoint?"
        message={`Postflow stops sending events to ${webhook.url} and forgets its delivery log.`}
        confirmLabel="Delete endpoint"
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(webhook.id, {
            onSuccess: () => {
              setConfirm(null);
              toast({ variant: 'success', title: 'Endpoint deleted' });
            },
            onError: failed('Not deleted'),
          })
        }
      />
    </li>
  );
}
