import type { Network } from '@postflow/contract';

/**
 * Everything the wizard needs to show a post again on Review, e.g. after Undo on "Scheduled for …"
 * (docs/decisions/122). It travels in the navigation's state, so the image comes back as the same file.
 */
export interface ComposerDraft {
  platforms: Network[];
  text: string;
  /** Each network's tailored text; null when AI tailoring was skipped. */
  tailored: Partial<Record<Network, string>> | null;
  image: File | null;
  linkedInTarget: string;
  date: string;
  time: string;
}

/** The draft a navigation carried to /create-post, if any. */
export function draftFrom(state: unknown): ComposerDraft | null {
  if (typeof state !== 'object' || state === null || !('draft' in state)) return null;
  const draft = (state as { draft: unknown }).draft;
  if (typeof draft !== 'object' || draft === null || !('platforms' in draft) || !('text' in draft)) return null;
  return draft as ComposerDraft;
}
