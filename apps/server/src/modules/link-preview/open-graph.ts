import { TextDecoder } from 'node:util';
import { LINK_CARD_LIMITS, type LinkPreview } from '@postflow/contract';

/**
 * Where the tags a card needs live: the <head>, at most its first 64 KB. Every pattern below is
 * bounded too, so a page crafted to make them backtrack costs milliseconds, not a minute.
 */
const MAX_HEAD = 64 * 1024;
const MAX_FIELD = 16 * 1024;

/**
 * What a page says about itself for a link card: Open Graph (https://ogp.me/) first, then the
 * Twitter card tags X reads (docs/networks.md, X · Link cards), then the plain `<title>` and meta
 * description. A few regular expressions over the page's first bytes are enough for tags in its
 * head; no scripts run, nothing else is fetched.
 */

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  szlig: 'ß',
  aelig: 'æ',
  AElig: 'Æ',
  oslash: 'ø',
  Oslash: 'Ø',
};

/** Accented Latin letters (`&eacute;`, `&Uuml;` …): the letter with its combining mark, composed. */
const MARKS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  uml: '\u0308',
  tilde: '\u0303',
  cedil: '\u0327',
  ring: '\u030a',
};

function named(name: string): string | undefined {
  const accented = /^([a-z])(acute|grave|circ|uml|tilde|cedil|ring)$/i.exec(name);
  if (accented) return `${accented[1]}${MARKS[(accented[2] as string).toLowerCase()]}`.normalize('NFC');
  return NAMED[name] ?? NAMED[name.toLowerCase()];
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return named(name) ?? whole;
  });
}

/** One line of text, entities decoded, control characters dropped, cut to `max` characters with an ellipsis. */
function clean(text: string | undefined, max: number): string {
  if (!text) return '';
  const plain = decodeEntities(text.slice(0, MAX_FIELD).replace(/<[^>]{0,2000}>/g, ' '))
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...plain];
  return characters.length <= max
    ? plain
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([a-z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    const name = (match[1] as string).toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return found;
}

/** The `<meta>` tags' values by their property or name (lower case), the first of each kept. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const match of html.matchAll(/<meta\b(?:[^>"']|"[^"]{0,4000}"|'[^']{0,4000}'){0,8000}>/gi)) {
    const attrs = attributes(match[0]);
    const key = (attrs.get('property') ?? attrs.get('name') ?? '').toLowerCase();
    const content = attrs.get('content');
    if (key && content !== undefined && !tags.has(key)) tags.set(key, content);
  }
  return tags;
}

/** An absolute http(s) address for `value` read on the page at `base`; undefined otherwise. */
function absolute(value: string | undefined, base: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(decodeEntities(value.trim()), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.href.length <= LINK_CARD_LIMITS.url ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function headOf(page: string): string {
  const end = page.search(/<\/head\s*>|<body\b/i);
  return page.slice(0, Math.min(end < 0 ? page.length : end, MAX_HEAD));
}

/** The card for the HTML `page` found at `pageUrl` (after redirects). */
export function readOpenGraph(page: string, pageUrl: string): LinkPreview {
  const html = headOf(page);
  const meta = metaTags(html);
  const first = (...keys: string[]) => keys.map((key) => meta.get(key)).find((value) => value !== undefined && value.trim() !== '');
  const titleTag = /<title\b[^>]{0,200}>([\s\S]{0,4000}?)<\/title>/i.exec(html)?.[1];
  const host = new URL(pageUrl).hostname.replace(/^www\./, '');
  // A canonical address on the same site reads better than a tracking redirect's; another site's is not trusted.
  const canonical = absolute(first('og:url'), pageUrl);
  const url = canonical && new URL(canonical).hostname === new URL(pageUrl).hostname ? canonical : pageUrl;
  const siteName = clean(first('og:site_name', 'application-name'), LINK_CARD_LIMITS.siteName);
  return {
    url,
    title: clean(first('og:title', 'twitter:title') ?? titleTag, LINK_CARD_LIMITS.title) || host,
    description: clean(first('og:description', 'twitter:description', 'description'), LINK_CARD_LIMITS.description),
    imageUrl: absolute(first('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'), pageUrl) ?? null,
    siteName: siteName || null,
  };
}

/** The page's text from its bytes: the charset its header or a meta tag names, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  const text = decoder.decode(body);
  // Pages labelled Latin-1 are windows-1252 (https://encoding.spec.whatwg.org/#names-and-labels), but some Node builds decode
  // 0x80–0x9F as control characters: map those to the punctuation the page meant.
  return decoder.encoding === 'windows-1252'
    ? text.replace(/[\u0080-\u009f]/g, (c: string) => WINDOWS_1252[c.charCodeAt(0) - 0x80] ?? c)
    : text;
}

const WINDOWS_1252 = [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'];
