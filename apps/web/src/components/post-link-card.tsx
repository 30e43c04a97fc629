import type { PostLinkCard as LinkCardData } from '@postflow/contract';
import { domainOf } from '../lib/link-domain';

/**
 * The link card a LinkedIn post went (or goes) out with, small under the text as LinkedIn's feed
 * shows an article share: the page's picture, its title and site (docs/product.md, Feed · Post card;
 * docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export function PostLinkCard({ card }: { card: LinkCardData }) {
  const domain = domainOf(card.url);
  return (
    <a
      href={card.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={card.title ? `${card.title}, ${domain}` : domain}
      className="flex items-stretch overflow-hidden rounded-lg bg-slate-50 ring-1 ring-slate-200 ring-inset hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand"
    >
      {card.imageUrl && <img src={card.imageUrl} alt="" loading="lazy" className="w-24 shrink-0 bg-slate-100 object-cover sm:w-32" />}
      <span className="flex min-w-0 flex-col justify-center gap-0.5 p-3 text-sm">
        <span className="line-clamp-2 font-semibold text-slate-900">{card.title || domain}</span>
        <span className="truncate text-slate-500">{domain}</span>
      </span>
    </a>
  );
}
