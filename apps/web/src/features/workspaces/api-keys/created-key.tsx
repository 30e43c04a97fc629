import type { CreatedApiKey } from '@postflow/contract';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { apiUrl } from '../../../lib/config';
import { firstCall } from './scopes';

/** An API address as a person types it elsewhere: absolute, even when the app and the API share an origin. */
const absolute = (path: string) => new URL(apiUrl(path), window.location.origin).href;

/**
 * The new key, this once (only its hash is kept): a read-only field to copy it from, a call that
 * uses it, and where the API is described.
 */
export function CreatedKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const titleId = useId();
  const call = firstCall(created.scopes);
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    // Browsers offer the clipboard on https and localhost only; a self-hosted app on plain http
    // leaves the person to copy the selected key themselves.
    const copying = navigator.clipboard?.writeText(created.key) ?? Promise.reject(new Error('no clipboard'));
    copying.then(
      () => setCopied(true),
      () => {
        field.current?.focus();
        field.current?.select();
        setCopied(false);
      },
    );
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-green-300">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Your new key “{created.name}”
      </h2>
      <Alert variant="warning">Copy this key now. You won&apos;t be able to see it again.</Alert>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          ref={field}
          label="API key"
          readOnly
          value={created.key}
          className="flex-1 [&_input]:font-mono"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" className="sm:mb-0.5" onClick={copy}>
          Copy
        </Button>
      </div>
      <p role="status" className="text-xs text-slate-600">
        {copied === null ? '' : copied ? 'Key copied.' : 'Could not copy: select the key and copy it yourself.'}
      </p>
      <p className="text-sm text-slate-700">{call ? `Try it: this ${call.answers}.` : 'Send it like this on every call:'}</p>
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
        <code>{`curl -H "Authorization: Bearer ${created.key}" ${absolute(call?.path ?? '/posts')}`}</code>
      </pre>
      <p className="text-sm text-slate-700">
        Every call, and the scope it needs, is in the{' '}
        <a href={absolute('/api/docs')} target="_blank" rel="noreferrer" className="font-medium text-brand-strong underline">
          API reference
        </a>
        .
      </p>
      <Button className="self-start" onClick={onDone}>
        Done
      </Button>
    </section>
  );
}
