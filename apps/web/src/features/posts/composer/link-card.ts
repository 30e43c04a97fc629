import type { LinkCard, LinkPreview } from '@postflow/contract';

/**
 * Link cards in the composer (docs/decisions/149-link-cards.md): the first web address in the text
 * is the one a card is made for, on LinkedIn and on X alike.
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/i;
/** Punctuation that ends a sentence rather than the address ("see https://a.example/x."). */
const TRAILING = /[.,;:!?)\]}'"…]+$/;

export function firstUrl(text: string): string | null {
  const match = URL_PATTERN.exec(text);
  if (!match) return null;
  const url = match[0].replace(TRAILING, '');
  return url.length > 10 ? url : null;
}

/** The card a post carries, from the preview the person sees. */
export function cardOf(preview: LinkPreview): LinkCard {
  return {
    url: preview.url,
    title: preview.title,
    description: preview.description,
    ...(preview.imageUrl ? { imageUrl: preview.imageUrl } : {}),
  };
}
