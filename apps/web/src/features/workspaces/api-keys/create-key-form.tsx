import type { ApiKeyScope, CreatedApiKey, WorkspaceRole } from '@postflow/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useCreateApiKey } from '../api/use-api-keys';
import { messageOf } from '../error-message';
import { scopeOptions } from './scopes';

/**
 * A name and the scopes a new key gets; scopes the person's role cannot grant are there but disabled,
 * with the reason. The server's refusals show next to the field they name.
 */
export function CreateKeyForm({
  workspaceId,
  role,
  onCreated,
}: {
  workspaceId: string;
  role: WorkspaceRole;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const create = useCreateApiKey(workspaceId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const scopesId = useId();
  const fields = isApiError(create.error) ? create.error.fields : {};
  const formError =
    create.isError && !fields.name && !fields.scopes ? messageOf(create.error, 'The key was not created. Try again.') : null;

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((chosen) => (on ? [...chosen, scope] : chosen.filter((known) => known !== scope)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { name, scopes },
      {
        onSuccess: (created) => {
          setName('');
          setScopes([]);
          onCreated(created);
        },
      },
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Create an API key">
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        hint='Where you will use it, like "n8n" or "CMS"'
        className="sm:max-w-sm"
        value={name}
        error={fields.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset aria-describedby={fields.scopes ? `${scopesId}-error` : undefined} className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">What it may do</legend>
        {scopeOptions(role).map(({ scope, description, unavailable }) => (
          <label key={scope} className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand"
              checked={scopes.includes(scope)}
              disabled={unavailable !== null}
              aria-labelledby={`${scopesId}-${scope}-name`}
              aria-describedby={`${scopesId}-${scope}`}
              onChange={(event) => toggle(scope, event.target.checked)}
            />
            <span className={unavailable ? 'text-slate-500' : 'text-slate-900'}>
              <span id={`${scopesId}-${scope}-name`} className="font-medium">
                {description}
              </span>
              <span id={`${scopesId}-${scope}`} className="block text-xs text-slate-500">
                <code>{scope}</code>
                {unavailable && ` · ${unavailable}`}
              </span>
            </span>
          </label>
        ))}
        {fields.scopes && (
          <p id={`${scopesId}-error`} className="text-sm text-red-700">
            {fields.scopes}
          </p>
        )}
      </fieldset>
      {formError && <Alert variant="error">{formError}</Alert>}
      <Button type="submit" className="self-start" busy={create.isPending} busyLabel="Creating...">
        Create key
      </Button>
    </form>
  );
}
