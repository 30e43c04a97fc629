import type { Guide, GuideBlock } from './guide-types';

/** Lower case without accents, so "resume" finds "résumé". */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The guide's words as a reader sees them: links' labels, code without its backticks. */
export function plainText(text: string): string {
  return text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/`/g, '');
}

function blockText(block: GuideBlock): string {
  return block.type === 'list' || block.type === 'steps' ? block.items.join(' ') : block.text;
}

const searchTexts = new WeakMap<Guide, string>();

function searchText(guide: Guide): string {
  let text = searchTexts.get(guide);
  if (text === undefined) {
    const body = guide.sections.map((section) => [section.heading, ...section.blocks.map(blockText)].join(' ')).join(' ');
    text = normalize(plainText([guide.title, guide.category, guide.summary, body].join(' ')));
    searchTexts.set(guide, text);
  }
  return text;
}

/** Guides whose title, summary or text contain every word of the query, in their original order. */
export function searchGuides(guides: readonly Guide[], query: string): Guide[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...guides];
  return guides.filter((guide) => {
    const text = searchText(guide);
    return words.every((word) => text.includes(word));
  });
}
