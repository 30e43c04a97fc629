import { SitePage } from '../components/site-page';

export function GuidesPage() {
  return <SitePage title="Guides" />;
}
