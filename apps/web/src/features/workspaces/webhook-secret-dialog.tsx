import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** A new signing secret, shown this once (on creation or rotation), with a button that copies it. */
export function WebhookSecretDialog({ secret, url, onClose }: { secret: string; url: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(secret)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <Dialog
      open
      title="Signing secret"
      onClose={onClose}
      description={`Your receiver at ${url} verifies each message with this secret. Copy it now: it is not shown again.`}
      actions={<Button onClick={onClose}>Done</Button>}
    >
      <div className="flex items-center gap-2">
        <code aria-label="Signing secret" className="min-w-0 flex-1 rounded-lg bg-slate-100 p-2 font-mono text-xs break-all text-slate-900">
          {secret}
        </code>
        <Button variant="secondary" size="sm" onClick={copy}>
          Copy secret
        </Button>
      </div>
      <p role="status" className="mt-2 text-xs text-slate-600">
        {copied ? 'Secret copied.' : ''}
      </p>
    </Dialog>
  );
}
