/**
 * Where LinkedIn's feed folds a post behind '…see more': about three lines or 210 characters,
 * whichever comes first (docs/decisions/150-composer-previews.md; LinkedIn measures rendered lines,
 * which a preview can only approximate).
 */
export const LINKEDIN_FOLD_CHARACTERS = 210;
export const LINKEDIN_FOLD_LINES = 3;
/** A cut moves back to the last space if one is this close, so a word is not split. */
const WORD_SLACK = 20;

export interface LinkedInFold {
  /** What shows before '…see more' (the whole text when nothing is folded). */
  shown: string;
  folded: boolean;
}

export function foldLinkedInText(text: string): LinkedInFold {
  const trimmed = text.trimEnd();
  const lines = trimmed.split('\n');
  let shown = lines.slice(0, LINKEDIN_FOLD_LINES).join('\n');
  // Whole characters (an emoji is one), never half of a surrogate pair.
  const characters = Array.from(shown);
  if (characters.length > LINKEDIN_FOLD_CHARACTERS) {
    const cut = characters.slice(0, LINKEDIN_FOLD_CHARACTERS).join('');
    const space = cut.search(/\s\S*$/);
    shown = space >= cut.length - WORD_SLACK && space > 0 ? cut.slice(0, space) : cut;
  }
  shown = shown.trimEnd();
  return shown.length < trimmed.length ? { shown, folded: true } : { shown: trimmed, folded: false };
}
