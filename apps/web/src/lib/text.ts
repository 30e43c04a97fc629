/**
 * Text cut for a preview ends at a word boundary, never inside a word ("tell me w…"), and says it was cut with '…'.
 * Counted in code points, so an emoji is never split. A single word longer than `max` is the one case cut inside.
 */
export function cutAtWord(text: string, max: number, ellipsis = '…'): { cut: boolean; text: string } {
  const characters = Array.from(text);
  if (characters.length <= max) return { cut: false, text };
  const head = characters.slice(0, max + 1).join('');
  // The last whitespace at or before `max` (the character after the cut may be the space that ends a word).
  const boundary = Math.max(head.lastIndexOf(' '), head.lastIndexOf('\n'), head.lastIndexOf('\t'));
  const kept = boundary > 0 ? head.slice(0, boundary) : characters.slice(0, max).join('');
  return { cut: true, text: `${kept.trimEnd().replace(/[\s,.;:!?–—-]+$/u, '')}${ellipsis}` };
}

/** A one-line quote of a post for messages and labels: whitespace folded, cut at a word. */
export function quote(text: string, max = 40): string {
  return cutAtWord(text.replace(/\s+/g, ' ').trim(), max).text;
}

/** One rule for '1 comment' / '2 comments', shared with the server's texts. */
export { plural } from '@postflow/contract/client';
