import { api } from '@postflow/contract/client';
import { useQuery } from '@tanstack/react-query';
import { PageStatus } from '../../components/ui/spinner';
import { apiCall } from '../../lib/api-client';
import { workspacesQueryKey } from '../../lib/query-keys';
import { ActivitySection } from './activity-section';
import { MembersSection } from './members-section';
import { CURRENT_WORKSPACE_KEY } from './remember-workspace';

/** /settings/workspace: the current workspace's settings, one section each (docs/product.md, Workspaces). */
export function WorkspaceSettingsPage() {
  const workspaces = useQuery({
    queryKey: [...workspacesQueryKey, 'list'],
    queryFn: ({ signal }) => apiCall(api.workspaces.list, { signal }),
  });
  if (!workspaces.isSuccess) return <PageStatus>Loading...</PageStatus>;
  const currentId = localStorage.getItem(CURRENT_WORKSPACE_KEY);
  const list = workspaces.data.workspaces;
  const workspace = list.find((candidate) => candidate.id === currentId) ?? list.find((candidate) => candidate.personal) ?? list[0];
  if (!workspace) return <PageStatus>Loading...</PageStatus>;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">{workspace.name} settings</h1>
      <MembersSection workspace={workspace} />
      <ActivitySection workspaceId={workspace.id} />
    </div>
  );
}
