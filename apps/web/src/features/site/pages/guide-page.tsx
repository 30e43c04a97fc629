import { useParams } from 'react-router';
import { SitePage } from '../components/site-page';

/** `creating-account` → `Creating account`, until the guides have their own titles. */
function titleFromSlug(slug: string): string {
  const words = slug.replace(/-/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Guide';
}

export function GuidePage() {
  const { slug = '' } = useParams();
  return <SitePage title={titleFromSlug(slug)} />;
}
