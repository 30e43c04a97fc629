import type { Draft, Network } from '@postflow/contract';
import { wallClockAt } from '@postflow/contract/client';
import { firstUrl } from './link-card';
import type { SavedThreads } from './thread/use-composer-threads';
import type { SavedMedia } from './use-media-attachments';

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
  linkedInTarget: string;
  date: string;
  time: string;
  /** Which step to open on: Review after Undo; where the person was writing for a saved draft. */
  step?: 'platforms' | 'content' | 'review';
  skipAi?: boolean;
  /** The address whose LinkedIn link card the person removed (docs/decisions/149-link-cards.md). */
  linkCardRemoved?: string | null;
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

/** A saved draft as the wizard holds it; its date and time in `timeZone`, the person's. */
export function composerDraftOf(draft: Draft, timeZone: string, personalTarget: string): ComposerDraft {
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
    linkedInTarget: draft.details.linkedInTarget ?? personalTarget,
    date: wall ? `${wall.year}-${pad(wall.month)}-${pad(wall.day)}` : '',
    time: wall ? `${pad(wall.hour)}:${pad(wall.minute)}` : '',
    step: draft.platforms.length === 0 && !draft.channels?.length ? 'platforms' : 'content',
    skipAi,
    linkCardRemoved: draft.details.linkCard === null ? firstUrl(draft.text) : null,
    ...(draft.channels?.length ? { channels: draft.channels, perChannel: draft.perChannel ?? {} } : {}),
  };
}
