import type { CreatedApiKey } from '@postflow/contract';
import { useState } from 'react';
import { useWorkspace } from '../../../lib/workspace';
import { SettingsNav } from '../components/settings-nav';
import { SettingsSection } from '../components/settings-section';
import { CreateKeyForm } from './create-key-form';
import { CreatedKey } from './created-key';
import { KeyList } from './key-list';

/**
 * docs/product.md, Settings · API keys (/settings/api-keys): every member makes keys for the current
 * workspace and revokes them; owners and admins see and revoke everyone's (docs/decisions/162-api-keys.md).
 */
export function ApiKeysPage() {
  const { workspace } = useWorkspace();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const everyone = workspace.role === 'owner' || workspace.role === 'admin';
  return (
    <div className="flex flex-col gap-6">
      <title>{`API keys · ${workspace.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900">API keys</h1>
      <SettingsNav />
      {created ? (
        <CreatedKey created={created} onDone={() => setCreated(null)} />
      ) : (
        <SettingsSection
          title="Create a key"
          description={`A key works in ${workspace.name} only, as you, and never with more than your role allows. Send it as a bearer token on the same API the app uses.`}
        >
          <CreateKeyForm workspaceId={workspace.id} role={workspace.role} onCreated={setCreated} />
        </SettingsSection>
      )}
      <SettingsSection
        title={everyone ? 'Keys in this workspace' : 'Your keys'}
        description={everyone ? 'As an owner or admin you see everyone’s keys, and can revoke any of them.' : undefined}
      >
        <KeyList workspaceId={workspace.id} />
      </SettingsSection>
    </div>
  );
}
