import { SitePage } from '../components/site-page';

export function PrivacyPage() {
  return <SitePage title="Privacy Policy" />;
}
