import { SitePage } from '../components/site-page';

export function TermsPage() {
  return <SitePage title="Terms of Service" />;
}
