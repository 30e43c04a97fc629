import type { Draft, LinkCard, Network } from '@postflow/contract';
import { wallClockAt } from '@postflow/contract/client';
import { firstUrl } from './link-card';
import { savedThreadsOf } from './thread/draft-threads';
import type { SavedThreads } from './thread/use-composer-threads';
import type { SavedMedia } from './use-media-attachments';

/** A link card as the person saw it, and the address in the text it was made for. */
export interface KeptLinkCard {
  link: string;
  card: LinkCard;
}

/**
 * Everything the wizard needs to show a post again: after Undo on "Scheduled for …" (docs/decisions/122)
 * it travels in the navigation's state, so the image comes back as the same file; a saved draft
 * (docs/decisions/141-drafts.md) comes from the server, its image as the one it keeps.
 */
export interface ComposerDraft {
  platforms: Network[];
  text: string;
  /** Each network's tailored text; null when AI tailoring was skipped. */
  tailored: Partial<Record<Network, string>> | null;
  /** The text the tailored versions were made from, when it is not `text` (the person typed since). */
  tailoredFrom?: string;
  image: File | null;
  /** The image a saved draft keeps on the server. */
  savedImage?: { id: string; url: string } | null;
  /** The files a saved draft (or an undone post) keeps on the server, in order, with their alt texts. */
  savedMedia?: SavedMedia[];
  /** A document post's title. */
  documentTitle?: string;
  /** A LinkedIn page an older draft chose beside the networks; the channel picker chooses pages now. */
  linkedInTarget?: string;
  date: string;
  time: string;
  /** Which step to open on: Review after Undo; where the person was writing for a saved draft. */
  step?: 'platforms' | 'content' | 'review';
  skipAi?: boolean;
  /** The addresses whose LinkedIn link cards the person removed (docs/decisions/149-link-cards.md). */
  removedLinkCards?: string[];
  /** The link cards the person saw, by the address linked to, shown again as they were (docs/decisions/152-channel-picker-and-kept-attachments.md). */
  linkCards?: KeptLinkCard[];
  /** The chosen channels and their own texts (docs/product.md, Channels). */
  channels?: string[];
  perChannel?: Record<string, string>;
  /** X threads and LinkedIn first comments (docs/product.md, Composer · Threads). */
  threads?: SavedThreads;
}

/** The draft a navigation carried to /create-post, if any. */
export function draftFrom(state: unknown): ComposerDraft | null {
  if (typeof state !== 'object' || state === null || !('draft' in state)) return null;
  const draft = (state as { draft: unknown }).draft;
  if (typeof draft !== 'object' || draft === null || !('platforms' in draft) || !('text' in draft)) return null;
  return draft as ComposerDraft;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The cards a draft keeps, by the address linked to; an older draft kept one, for its text's first link. */
function keptCardsOf(draft: Draft): KeptLinkCard[] {
  if (draft.details.linkCards) return draft.details.linkCards;
  const link = firstUrl(draft.text);
  return draft.details.linkCard && link ? [{ link, card: draft.details.linkCard }] : [];
}

/** The addresses whose cards the person removed; an older draft said so with a null card for its first link. */
function removedCardsOf(draft: Draft): string[] {
  if (draft.details.removedLinkCards) return draft.details.removedLinkCards;
  const link = firstUrl(draft.text);
  return draft.details.linkCard === null && link ? [link] : [];
}

/** A saved draft as the wizard holds it; its date and time in `timeZone`, the person's. */
export function composerDraftOf(draft: Draft, timeZone: string): ComposerDraft {
  const tailored = Object.fromEntries(
    Object.entries(draft.perPlatform).filter(([network, text]) => text !== undefined && draft.platforms.includes(network as Network)),
  ) as Partial<Record<Network, string>>;
  const wall = draft.scheduledAt ? wallClockAt(new Date(draft.scheduledAt), timeZone) : null;
  const skipAi = draft.details.skipAi ?? false;
  return {
    platforms: draft.platforms,
    text: draft.text,
    tailored: skipAi || Object.keys(tailored).length === 0 ? null : tailored,
    tailoredFrom: draft.details.tailoredFrom ?? draft.text,
    image: null,
    savedImage: draft.image,
    savedMedia: draft.media,
    ...(draft.details.documentTitle ? { documentTitle: draft.details.documentTitle } : {}),
    ...(draft.details.linkedInTarget && draft.details.linkedInTarget !== 'personal'
      ? { linkedInTarget: draft.details.linkedInTarget }
      : {}),
    date: wall ? `${wall.year}-${pad(wall.month)}-${pad(wall.day)}` : '',
    time: wall ? `${pad(wall.hour)}:${pad(wall.minute)}` : '',
    step: draft.platforms.length === 0 && !draft.channels?.length ? 'platforms' : 'content',
    skipAi,
    removedLinkCards: removedCardsOf(draft),
    linkCards: keptCardsOf(draft),
    ...(draft.channels?.length ? { channels: draft.channels, perChannel: draft.perChannel ?? {} } : {}),
    threads: savedThreadsOf(draft),
  };
}
