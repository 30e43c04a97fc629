import type { LinkCard, LinkPreview, Network } from '@postflow/contract';
import { useLinkPreviews, type LinkPreviewState } from './api/use-link-preview';
import type { KeptLinkCard } from './draft';
import { cardOf, firstUrl } from './link-card';
import type { PreviewLinkCard } from './previews/types';

/** One copy of the post as it will go out: a chosen channel, or a network while no channels are listed. */
export interface Outgoing {
  network: Network;
  text: string;
  /** The chosen channel; null when the post is chosen by network. */
  channelId: string | null;
}

/** One address's card, as the link preview panel shows it, with the networks whose texts link to it. */
export interface LinkCardPanelEntry {
  url: string;
  networks: Network[];
  state: LinkPreviewState;
  removed: boolean;
}

const asPreview = (card: LinkCard): LinkPreview => ({
  url: card.url,
  title: card.title,
  description: card.description,
  imageUrl: card.imageUrl ?? null,
  siteName: null,
});

/**
 * The link cards of what will go out (docs/decisions/149-link-cards.md): each copy's card comes
 * from the text that copy posts (a channel's own text, a network's tailored one), so two LinkedIn
 * channels linking to different pages carry different cards; cards a draft kept show as the person
 * saw them, without reading the pages again (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export function useLinkCards({
  written,
  outgoing,
  withFiles,
  removed,
  kept,
}: {
  /** The text being written (the Content step's). */
  written: string;
  outgoing: readonly Outgoing[];
  /** Files attached: LinkedIn shows them and no card. */
  withFiles: boolean;
  /** The addresses whose LinkedIn cards the person removed. */
  removed: readonly string[];
  kept: readonly KeptLinkCard[];
}) {
  const links = outgoing.length > 0 ? [...new Set([written, ...outgoing.map((copy) => copy.text)].map(firstUrl))] : [];
  const urls = links.filter((url): url is string => url !== null);
  const keptByLink = new Map(kept.map((entry) => [entry.link, entry.card]));
  const fetched = useLinkPreviews(urls.filter((url) => !keptByLink.has(url)));

  const stateOf = (url: string): LinkPreviewState => {
    const card = keptByLink.get(url);
    if (card) return { loading: false, preview: asPreview(card), error: null };
    return fetched.get(url) ?? { loading: true, preview: undefined, error: null };
  };

  /** The card a copy goes out with: LinkedIn's, unless removed or beside files; X makes its own. */
  function cardFor(copy: Pick<Outgoing, 'network' | 'text'>): LinkCard | null {
    const url = firstUrl(copy.text);
    if (copy.network !== 'linkedin' || !url || withFiles || removed.includes(url)) return null;
    const { preview } = stateOf(url);
    return preview ? cardOf(preview) : null;
  }

  /** What a copy's preview draws: LinkedIn's card as it will go out, X's as X will likely make it. */
  function previewCardFor(network: Network, text: string): PreviewLinkCard | null {
    const url = firstUrl(text);
    if (!url) return null;
    const { preview } = stateOf(url);
    if (network === 'x') return preview ?? null;
    return cardFor({ network, text }) && preview ? preview : null;
  }

  /** The addresses to show in the panel: the written text's on Content, each copy's on Review. */
  function panels(texts: 'written' | 'outgoing'): LinkCardPanelEntry[] {
    const copies = texts === 'written' ? outgoing.map((copy) => ({ ...copy, text: written })) : outgoing;
    const byUrl = new Map<string, Set<Network>>();
    for (const copy of copies) {
      const url = firstUrl(copy.text);
      if (url) byUrl.set(url, (byUrl.get(url) ?? new Set()).add(copy.network));
    }
    return [...byUrl].map(([url, networks]) => ({ url, networks: [...networks], state: stateOf(url), removed: removed.includes(url) }));
  }

  const linkedIn = outgoing.filter((copy) => copy.network === 'linkedin');
  const byChannel = linkedIn.every((copy) => copy.channelId !== null);
  return {
    cardFor,
    previewCardFor,
    panels,
    /** The publish data's cards: one per LinkedIn channel, or the LinkedIn network's. */
    publishFields: (): { linkCard?: LinkCard; perChannelLinkCard?: Record<string, LinkCard | null> } => {
      if (linkedIn.length === 0) return {};
      if (byChannel) return { perChannelLinkCard: Object.fromEntries(linkedIn.map((copy) => [copy.channelId as string, cardFor(copy)])) };
      const card = cardFor(linkedIn[0] as Outgoing);
      return card ? { linkCard: card } : {};
    },
    /** Every card shown now, by its address: what a draft keeps. */
    kept: urls.flatMap((link) => {
      const { preview } = stateOf(link);
      return preview ? [{ link, card: cardOf(preview) }] : [];
    }),
    /** The removed addresses still linked to: what a draft keeps. */
    removed: removed.filter((url) => urls.includes(url)),
  };
}
export type LinkCards = ReturnType<typeof useLinkCards>;
