import { SitePage } from '../components/site-page';

export function ContactPage() {
  return <SitePage title="Contact" />;
}
