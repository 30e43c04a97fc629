import { describe, expect, it } from 'vitest';
import { decodeHtml, readOpenGraph } from './open-graph';

describe('reading a page for its link card', () => {
  it('takes the Open Graph tags, decoding entities and resolving the picture against the page', () => {
    const html = `<html><head><title>Not this</title>
      <meta property="og:title" content="Caf&eacute; &amp; bar &#x2014; &quot;open&quot;">
      <meta content='Fresh coffee, every day.' property='og:description'>
      <meta property="og:image" content="/img/cover.jpg">
      <meta property="og:site_name" content="The Caf&#233;">
      <meta property="og:url" content="https://www.cafe.example/menu">`;
    expect(readOpenGraph(html, 'https://www.cafe.example/menu?utm_source=x')).toEqual({
      url: 'https://www.cafe.example/menu',
      title: 'Café & bar — "open"',
      description: 'Fresh coffee, every day.',
      imageUrl: 'https://www.cafe.example/img/cover.jpg',
      siteName: 'The Café',
    });
  });

  it('falls back to the Twitter card tags, then to <title> and the meta description', () => {
    const twitter = `<meta name="twitter:title" content="From Twitter"><meta name="twitter:image" content="https://cdn.example/t.png">`;
    expect(readOpenGraph(twitter, 'https://a.example/')).toMatchObject({ title: 'From Twitter', imageUrl: 'https://cdn.example/t.png' });
    const plain = `<title>\n  Plain   page </title><meta name="description" content="Only a description">`;
    expect(readOpenGraph(plain, 'https://a.example/')).toEqual({
      url: 'https://a.example/',
      title: 'Plain page',
      description: 'Only a description',
      imageUrl: null,
      siteName: null,
    });
  });

  it("names the site when the page has no title, and ignores another site's canonical address and non-web pictures", () => {
    const html = `<meta property="og:url" content="https://elsewhere.example/"><meta property="og:image" content="javascript:alert(1)">`;
    expect(readOpenGraph(html, 'https://www.blog.example/post')).toEqual({
      url: 'https://www.blog.example/post',
      title: 'blog.example',
      description: '',
      imageUrl: null,
      siteName: null,
    });
  });

  it('cuts long titles and descriptions with an ellipsis and drops markup', () => {
    const html = `<meta property="og:title" content="${'Long '.repeat(100)}"><meta property="og:description" content="<b>Bold</b> ${'word '.repeat(200)}">`;
    const card = readOpenGraph(html, 'https://a.example/');
    expect([...card.title].length).toBeLessThanOrEqual(200);
    expect(card.title.endsWith('…')).toBe(true);
    expect(card.description.startsWith('Bold word')).toBe(true);
    expect([...card.description].length).toBeLessThanOrEqual(300);
  });

  it('decodes the page in the charset it declares', () => {
    const latin1 = Buffer.from('<title>Caf\u00e9</title>', 'latin1');
    expect(decodeHtml(latin1, 'text/html; charset=iso-8859-1')).toContain('Café');
    const meta = Buffer.concat([
      Buffer.from('<meta charset="windows-1252"><title>'),
      Buffer.from([0x93, 0x68, 0x69, 0x94]),
      Buffer.from('</title>'),
    ]);
    expect(readOpenGraph(decodeHtml(meta, 'text/html'), 'https://a.example/').title).toBe('“hi”');
  });
});

describe('reading a page crafted to make the parser backtrack', () => {
  it('answers half a megabyte of unclosed tags within the test, with the address as the title', () => {
    for (const filler of ['<meta ', '<title', '<meta content="', '<']) {
      const page = `<html><head>${filler.repeat(Math.floor((512 * 1024) / filler.length))}`;
      expect(readOpenGraph(page, 'https://crafted.example/page').title).toBe('crafted.example');
    }
  });

  it('still reads the tags of the head, whatever the body holds', () => {
    const page = `<html><head><meta property="og:title" content="Launch notes"></head><body>${'<meta '.repeat(100_000)}</body>`;
    expect(readOpenGraph(page, 'https://blog.example/launch').title).toBe('Launch notes');
  });
});
