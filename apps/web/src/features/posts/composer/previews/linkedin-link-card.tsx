import { domainOf } from '../../../../lib/link-domain';
import type { PreviewLinkCard } from './types';

/** LinkedIn's article share: a wide thumbnail, then the title and the domain (docs/networks.md, LinkedIn · Creating a post). */
export function LinkedInLinkCard({ card }: { card: PreviewLinkCard }) {
  const domain = domainOf(card.url);
  return (
    <div role="group" aria-label={`Link card for ${domain}`} className="flex flex-col bg-slate-50">
      {card.imageUrl && <img src={card.imageUrl} alt="" className="aspect-[1.91/1] w-full object-cover" />}
      <div className="flex flex-col gap-0.5 border-t border-slate-200 px-3 py-2">
        <span className="line-clamp-2 text-sm font-semibold text-slate-900">{card.title || domain}</span>
        <span className="text-xs text-slate-500">{domain}</span>
      </div>
    </div>
  );
}
