import { useWorkspace } from '../../lib/workspace';
import { ActivitySection } from './activity-section';
import { BrandingSection } from './branding-section';
import { SettingsNav } from './components/settings-nav';
import { GeneralSection } from './general-section';
import { MembersSection } from './members-section';
import { WebhooksSection } from './webhooks-section';

/**
 * docs/product.md, Workspaces · Shell and white-label: the current workspace's settings (/settings/workspace),
 * a heading and one section component per part, each in its own file.
 */
export function WorkspaceSettingsPage() {
  const { workspace } = useWorkspace();
  return (
    <div className="flex flex-col gap-6">
      <title>{`Workspace settings · ${workspace.name}`}</title>
      <h1 className="text-2xl font-bold text-slate-900">Workspace settings</h1>
      <SettingsNav />
      <GeneralSection />
      <MembersSection workspace={workspace} />
      <BrandingSection />
      <WebhooksSection />
      <ActivitySection workspaceId={workspace.id} />
    </div>
  );
}
