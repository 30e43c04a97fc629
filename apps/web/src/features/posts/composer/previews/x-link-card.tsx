import { LinkIcon } from '../../../../components/ui/icons';
import { domainOf } from '../../../../lib/link-domain';
import type { PreviewLinkCard } from './types';

/**
 * X's summary card under a post with a link and no media: thumbnail, domain, title and description,
 * read by X from the page's own tags (https://developer.x.com/en/docs/x-for-websites/cards/overview/summary).
 * Without the page's data yet, only the domain shows.
 */
export function XLinkCard({ card }: { card: PreviewLinkCard }) {
  const domain = domainOf(card.url);
  return (
    <div role="group" aria-label={`Link card for ${domain}`} className="flex overflow-hidden rounded-2xl border border-slate-200">
      <div className="flex w-28 shrink-0 items-center justify-center border-r border-slate-200 bg-slate-100 sm:w-32">
        {card.imageUrl ? (
          <img src={card.imageUrl} alt="" className="aspect-square size-full object-cover" />
        ) : (
          <LinkIcon className="size-7 text-slate-400" />
        )}
      </div>
      <div className="flex min-w-0 flex-col justify-center gap-0.5 p-3 text-sm">
        <span className="truncate text-slate-500">{card.siteName ? `${domain} · ${card.siteName}` : domain}</span>
        {card.title && <span className="truncate text-slate-900">{card.title}</span>}
        {card.description && <span className="line-clamp-2 text-slate-500">{card.description}</span>}
      </div>
    </div>
  );
}
