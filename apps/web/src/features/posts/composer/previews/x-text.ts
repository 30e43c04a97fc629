import { X_MAX_WEIGHTED_LENGTH, xUnits } from '@postflow/contract/client';

/** A run of the post's text as X draws it: a link or plain text, inside or past the limit. */
export interface XTextPiece {
  text: string;
  kind: 'text' | 'url';
  over: boolean;
}

/**
 * The text cut into pieces by X's own weights (the one count in packages/contract/src/text): every
 * unit after the one that crosses 280 is `over`, so the preview can mark exactly what X would refuse
 * (docs/networks.md, X · Post text). A link is one unit: it is in or out whole.
 */
export function xTextPieces(text: string, limit: number = X_MAX_WEIGHTED_LENGTH): XTextPiece[] {
  const normalized = text.normalize('NFC');
  const pieces: XTextPiece[] = [];
  let used = 0;
  for (const unit of xUnits(normalized)) {
    used += unit.weight;
    const piece = { text: normalized.slice(unit.start, unit.end), kind: unit.kind === 'url' ? 'url' : 'text', over: used > limit } as const;
    const last = pieces[pieces.length - 1];
    if (last && piece.kind === 'text' && last.kind === 'text' && last.over === piece.over) last.text += piece.text;
    else pieces.push({ ...piece });
  }
  return pieces;
}

const DISPLAY_URL_LENGTH = 25;

/** How X shows a link in a post: without its scheme and cut with '…' when long (https://developer.x.com/cards/overview). */
export function xDisplayUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//i, '');
  const characters = Array.from(bare);
  return characters.length > DISPLAY_URL_LENGTH ? `${characters.slice(0, DISPLAY_URL_LENGTH).join('')}…` : bare;
}
