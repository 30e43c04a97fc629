import type { WebhookWithSecret } from '@postflow/contract';
import { useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useWorkspace } from '../../lib/workspace';
import { useWebhooks } from './api/use-webhooks';
import { SettingsSection } from './components/settings-section';
import { WebhookAddForm } from './webhook-add-form';
import { WebhookItem } from './webhook-item';
import { WebhookSecretDialog } from './webhook-secret-dialog';

/**
 * Webhooks (docs/webhooks.md): owners and admins add endpoints that receive signed events, see each
 * one's delivery log, send a test, redeliver, rotate its secret or delete it.
 */
export function WebhooksSection() {
  const { workspace, can } = useWorkspace();
  const manages = can('admin');
  const webhooks = useWebhooks(workspace.id, manages);
  const [secret, setSecret] = useState<WebhookWithSecret | null>(null);
  if (!manages) return null;

  return (
    <SettingsSection
      title="Webhooks"
      description="Tell other systems (n8n, Zapier, Make, your CMS) when posts go out, fail or wait for approval. Each message is signed as the Standard Webhooks specification says."
    >
      {webhooks.isPending && <p className="text-sm text-slate-600">Loading endpoints...</p>}
      {webhooks.isError && (
        <Alert variant="error" title="Failed to load the endpoints">
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void webhooks.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {webhooks.isSuccess &&
        (webhooks.data.length === 0 ? (
          <p className="text-sm text-slate-600">No endpoints yet.</p>
        ) : (
          <ul aria-label="Endpoints" className="divide-y divide-slate-100">
            {webhooks.data.map((webhook) => (
              <WebhookItem key={webhook.id} workspaceId={workspace.id} webhook={webhook} onSecret={setSecret} />
            ))}
          </ul>
        ))}
      <WebhookAddForm workspaceId={workspace.id} onCreated={setSecret} />
      {secret && <WebhookSecretDialog secret={secret.secret} url={secret.url} onClose={() => setSecret(null)} />}
    </SettingsSection>
  );
}
