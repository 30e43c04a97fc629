import { describe, expect, it } from 'vitest';
import { checkArticle } from './linkedin-article';

/** The image check the post's author passes: only `urn:li:image:mine` exists and is theirs. */
const checkImage = (path: string, urn: unknown) => {
  if (urn !== 'urn:li:image:mine') throw new Error(`${path} :: Image ${String(urn)} does not exist`);
};

const refusal = (content: Record<string, unknown>) => {
  try {
    checkArticle(content, checkImage);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe("a LinkedIn post's content.article (docs/networks.md, LinkedIn · Article posts)", () => {
  it('keeps source, title, description, thumbnail and its alt text', () => {
    const article = { source: 'https://blog.example/launch', title: 'Launch', description: 'How it went', thumbnail: 'urn:li:image:mine' };
    expect(checkArticle({ article: { ...article, thumbnailAltText: 'A rocket' } }, checkImage)).toEqual({
      ...article,
      thumbnailAltText: 'A rocket',
    });
    expect(checkArticle({}, checkImage)).toBeUndefined();
  });

  it('refuses a missing or non-web source, a missing title, an unknown thumbnail, and other content beside it', () => {
    expect(refusal({ article: { title: 'No source' } })).toMatch(/\/content\/article\/source :: field is required/);
    expect(refusal({ article: { source: 'javascript:alert(1)', title: 'Bad' } })).toMatch(/is not a valid URL/);
    expect(refusal({ article: { source: 'https://blog.example/' } })).toMatch(/\/content\/article\/title :: field is required/);
    expect(refusal({ article: { source: 'https://blog.example/', title: 'T', thumbnail: 'urn:li:image:other' } })).toMatch(
      /Image urn:li:image:other does not exist/,
    );
    expect(refusal({ article: { source: 'https://blog.example/', title: 'T' }, media: { id: 'urn:li:image:mine' } })).toMatch(
      /article cannot be combined with media/,
    );
    expect(refusal({ article: { source: 'https://blog.example/', title: 'T', thumbnailAltText: 'a'.repeat(4086) } })).toMatch(
      /shorter than 4086/,
    );
  });
});
