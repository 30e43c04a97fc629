import { useAuth } from '../../lib/auth';
import { ActivitySection } from './activity-section';

/**
 * Workspace settings (/settings/workspace): one section per concern, each in its own file. Until the
 * app shell names the current workspace, this is the person's personal one, whose id is theirs
 * (docs/decisions/128-workspaces.md).
 */
export function WorkspaceSettingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Workspace settings</h1>
      <ActivitySection workspaceId={user.id} />
    </div>
  );
}
