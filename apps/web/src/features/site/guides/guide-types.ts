export const guideCategories = ['Getting Started', 'Content Management', 'Analytics', 'Advanced Features'] as const;
export type GuideCategory = (typeof guideCategories)[number];

/**
 * A guide's body. Text may hold `code` in backticks and internal links written [label](/path); nothing
 * else is interpreted, so the content cannot inject markup.
 */
export type GuideBlock =
  | { type: 'p'; text: string }
  | { type: 'list'; items: readonly string[] }
  | { type: 'steps'; items: readonly string[] }
  | { type: 'code'; text: string }
  | { type: 'note'; text: string };

export interface GuideSection {
  heading: string;
  blocks: readonly GuideBlock[];
}

export interface Guide {
  slug: string;
  title: string;
  category: GuideCategory;
  summary: string;
  sections: readonly GuideSection[];
}
