import { describe, expect, it } from 'vitest';
import { guideCategories } from './guide-types';
import { searchGuides } from './guide-search';
import { guides } from './guides-content';

const slugs = (query: string) => searchGuides(guides, query).map((guide) => guide.slug);

describe('guides and their search', () => {
  it('has the nine guides of docs/product.md, each in one of the four categories, with content', () => {
    expect(guides.map((guide) => guide.slug)).toEqual([
      'creating-account',
      'connecting-platforms',
      'creating-posts',
      'content-scheduling',
      'understanding-analytics',
      'custom-reports',
      'team-collaboration',
      'api-integration',
      'security-practices',
    ]);
    for (const category of guideCategories) expect(guides.some((guide) => guide.category === category)).toBe(true);
    for (const guide of guides) expect(guide.sections.length).toBeGreaterThanOrEqual(2);
  });

  it('links only to pages that exist', () => {
    const pages = new Set([
      '/register',
      '/login',
      '/reset-password',
      '/contact',
      '/guides',
      ...guides.map((guide) => `/guides/${guide.slug}`),
    ]);
    const text = JSON.stringify(guides);
    const links = [...text.matchAll(/\]\((\/[^)]*)\)/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect(pages, link).toContain(link);
  });

  it('returns every guide for an empty query', () => {
    expect(slugs('   ')).toHaveLength(9);
  });

  it('matches titles and body text, every word, ignoring case and accents', () => {
    expect(slugs('SCHEDULING')).toContain('content-scheduling');
    expect(slugs('daylight saving')).toEqual(['content-scheduling']);
    expect(slugs('bearer token')).toEqual(['api-integration']);
    expect(slugs('argon2id')).toEqual(expect.arrayContaining(['security-practices']));
    expect(slugs('sandbox_alice')).toEqual(['connecting-platforms']);
    expect(slugs('Sécurité')).toEqual([]);
    expect(slugs('secúrity practices')).toContain('security-practices');
  });

  it('finds nothing for words no guide contains', () => {
    expect(slugs('kubernetes')).toEqual([]);
  });
});
