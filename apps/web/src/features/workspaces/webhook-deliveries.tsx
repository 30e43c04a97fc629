import type { WebhookDelivery } from '@postflow/contract';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/date-time';
import { useRedeliverWebhook, useWebhookDeliveries } from './api/use-webhooks';
import { messageOf } from './error-message';

const statusTone: Record<WebhookDelivery['status'], BadgeTone> = { pending: 'info', succeeded: 'success', failed: 'danger' };
const statusLabel: Record<WebhookDelivery['status'], string> = { pending: 'Retrying', succeeded: 'Delivered', failed: 'Failed' };

/** What the last attempt came to, in a line. */
function lastAnswer(delivery: WebhookDelivery): string {
  if (delivery.attempts === 0) return 'Not sent yet';
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (delivery.lastStatus !== null) return `${tries}, last answered ${delivery.lastStatus}`;
  return `${tries}. ${delivery.lastError ?? ''}`.trim();
}

/** An endpoint's latest deliveries (docs/webhooks.md): status, attempts, last answer, next try, and a Redeliver button each. */
export function WebhookDeliveries({ workspaceId, webhookId, canSend }: { workspaceId: string; webhookId: string; canSend: boolean }) {
  const deliveries = useWebhookDeliveries(workspaceId, webhookId);
  const redeliver = useRedeliverWebhook(workspaceId, webhookId);
  const toast = useToast();

  if (deliveries.isPending) return <Spinner label="Loading deliveries..." />;
  if (deliveries.isError) return <Alert variant="error">{`The delivery log could not be loaded. ${deliveries.error.message}`}</Alert>;
  if (deliveries.data.length === 0)
    return <p className="text-sm text-slate-600">Nothing delivered yet. Send a test to try the endpoint.</p>;
  return (
    <ul aria-label="Deliveries" className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {deliveries.data.map((delivery) => (
        <li
          key={delivery.id}
          aria-label={`${delivery.type} ${delivery.messageId}`}
          className="flex flex-wrap items-start gap-2 p-3 text-sm"
        >
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <code className="text-slate-900">{delivery.type}</code>
              <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge>
            </p>
            <p className="text-slate-600">{lastAnswer(delivery)}</p>
            {delivery.lastResponse && <p className="truncate font-mono text-xs text-slate-500">{delivery.lastResponse}</p>}
            <p className="text-xs text-slate-500">
              {formatDateTime(delivery.createdAt)} · webhook-id <code>{delivery.messageId}</code>
              {delivery.nextAttemptAt && ` · next try ${formatDateTime(delivery.nextAttemptAt)}`}
            </p>
          </div>
          {canSend && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Redeliver ${delivery.messageId}`}
              busy={redeliver.isPending && redeliver.variables === delivery.id}
              onClick={() =>
                redeliver.mutate(delivery.id, {
                  onSuccess: () => toast({ variant: 'success', title: 'Sent again', message: 'With the same webhook-id.' }),
                  onError: (error) => toast({ variant: 'error', title: 'Not sent', message: messageOf(error, 'Try again.') }),
                })
              }
            >
              Redeliver
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
