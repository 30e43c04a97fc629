import type { WebhookWithSecret } from '@postflow/contract';
import { webhookEventTypes, type WebhookEventType } from '@postflow/contract/client';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-client';
import { useCreateWebhook } from './api/use-webhooks';
import { messageOf } from './error-message';
import { webhookEventLabels } from './webhook-events';

/** Adds an endpoint: its address and the events it wants; the answer's secret goes to the dialog that shows it once. */
export function WebhookAddForm({ workspaceId, onCreated }: { workspaceId: string; onCreated: (webhook: WebhookWithSecret) => void }) {
  const create = useCreateWebhook(workspaceId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['post.published']);
  const [problems, setProblems] = useState<{ url?: string; events?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((current) => (on ? [...current, event] : current.filter((chosen) => chosen !== event)));
    setProblems((current) => ({ ...current, events: undefined }));
  }

  function onSubmit(submitted: FormEvent) {
    submitted.preventDefault();
    setRefusal(null);
    if (events.length === 0) {
      setProblems({ events: 'Choose at least one event' });
      return;
    }
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (webhook) => {
          setUrl('');
          onCreated(webhook);
        },
        onError: (error) => {
          const url = isApiError(error) ? error.fields.url : undefined;
          if (url) setProblems({ url });
          else setRefusal(messageOf(error, 'Could not add the endpoint. Try again.'));
        },
      },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add an endpoint" className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Add an endpoint</h3>
      {refusal && <Alert variant="warning">{refusal}</Alert>}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/postflow"
        hint="An https:// address your receiver listens on"
        value={url}
        error={problems.url}
        onChange={(event) => {
          setUrl(event.target.value);
          setProblems((current) => ({ ...current, url: undefined }));
        }}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
        {webhookEventTypes.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={events.includes(event)} onChange={(change) => toggle(event, change.target.checked)} />
            {webhookEventLabels[event]} <code className="text-xs text-slate-500">{event}</code>
          </label>
        ))}
        {problems.events && <p className="text-sm text-red-700">{problems.events}</p>}
      </fieldset>
      <div>
        <Button type="submit" busy={create.isPending}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}
