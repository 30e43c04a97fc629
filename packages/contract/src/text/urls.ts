/**
 * URL detection for X's weighted count: X replaces every link with a t.co link, so each one counts
 * 23 whatever its length. This follows twitter-text's `extractUrlsWithIndices` closely enough to
 * count like X does, with these documented simplifications:
 * - with `http://` or `https://` any alphabetic top-level label of two or more letters is accepted
 *   (twitter-text checks it against its full TLD list; a real link always passes both);
 * - without a scheme the host must be ASCII and end in one of the gTLDs below (a common subset of
 *   twitter-text's ~1,500) or any country-code TLD; `www.example.com` needs no special case;
 * - labels are at most 63 characters once punycode-encoded (a longer host is not a link, and X
 *   then counts it character by character);
 * - path and query characters are twitter-text's (Latin with accents, Cyrillic, digits and URL
 *   punctuation), and trailing punctuation such as "." or ")" belongs to the sentence;
 * - IP addresses, t.co slug limits and user-info are not special-cased.
 */

export interface UrlMatch {
  url: string;
  /** UTF-16 offsets into the text as given: `text.slice(start, end) === url`. */
  start: number;
  end: number;
}

const COMMON_GTLDS = new Set(
  (
    'com net org edu gov mil int info biz name pro mobi asia tel travel jobs aero coop museum cat ' +
    'app dev io ai co me tv xyz tech site online store shop blog news media live life world today ' +
    'email cloud digital agency studio design art music video photo photos social network page link ' +
    'click space fun club one top vip wiki guru ninja rocks zone systems solutions services tools ' +
    'software community company business group team center academy school education university ' +
    'law legal health care money finance capital fund ventures partners consulting marketing ' +
    'events game games city london nyc berlin paris tokyo amsterdam page new run sh gg ly fm'
  ).split(' '),
);

const COUNTRY_CODE_TLDS = new Set(
  (
    'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br ' +
    'bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ' +
    'ee eg eh er es et eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy ' +
    'hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la ' +
    'lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my ' +
    'mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ' +
    'ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl ' +
    'tm tn to tr tt tv tw tz ua ug uk um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
  ).split(' '),
);

// A host: dot-separated labels of letters, marks and digits with inner hyphens (underscores only in
// subdomains, as twitter-text allows). Validated label by label below.
const CANDIDATE =
  /(https?:\/\/)?((?:[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}_-]*[\p{L}\p{M}\p{N}])?\.)+[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?)/giu;
// twitter-text's validUrlPrecedingChars: a link does not continue a word, a mention, a cashtag or a hashtag.
const INVALID_PRECEDING = /[A-Za-z0-9@＠$#＃\uFFFE\uFEFF\uFFFF]/u;
// twitter-text's invalidUrlWithoutProtocolPrecedingChars.
const INVALID_PRECEDING_WITHOUT_SCHEME = /[-_./]/u;
const ASCII_HOST = /^[A-Za-z0-9._-]+$/;
const LETTERS_ONLY = /^[\p{L}\p{M}]{2,}$/u;
const TLD_FOLLOWER = /[0-9A-Za-z@+-]/;
const PORT = /^:[0-9]{1,5}/;
// twitter-text's path characters: Latin (with accents), Cyrillic, digits and URL punctuation.
const LATIN_CYRILLIC =
  'a-zA-Z0-9\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0253\\u0254\\u0256\\u0257\\u0259\\u025B\\u0263\\u0268\\u026F\\u0272\\u0289\\u028B\\u02BB\\u1E00-\\u1EFF\\u0400-\\u04FF\\u0500-\\u0527\\uA640-\\uA69F';
// Combining marks (U+0300–U+036F, Cyrillic U+2DE0–U+2DFF) are matched apart: inside a class after a letter they would
// read as one combined character.
const ACCENTS = '[\\u0300-\\u036F\\u2DE0-\\u2DFF]';
const PATH_RUN = new RegExp(`^(?:[${LATIN_CYRILLIC}!*';:=+,.$/%#\\[\\]\\-\\u2013_~@|&()?]|${ACCENTS})+`, 'u');
const PATH_ENDING = new RegExp(`(?:[${LATIN_CYRILLIC}=_#/+-]|${ACCENTS})$`, 'u');
const MAX_LABEL_LENGTH = 63;

// WHATWG URL (browsers and Node) encodes an international host to punycode. The contract is compiled
// without DOM or Node types, so only what is used here is declared.
declare const URL: new (input: string) => { hostname: string };
const MAX_URL_LENGTH = 4096;

function punycodeLabels(host: string): string[] | undefined {
  if (ASCII_HOST.test(host)) return host.split('.');
  try {
    return new URL(`http://${host}`).hostname.split('.');
  } catch {
    return undefined;
  }
}

function isKnownTld(label: string, withScheme: boolean): boolean {
  const lower = label.toLowerCase();
  if (COMMON_GTLDS.has(lower) || COUNTRY_CODE_TLDS.has(lower)) return true;
  return withScheme && LETTERS_ONLY.test(label);
}

/** The host's longest prefix (by whole labels) that ends in a valid top-level label, as twitter-text's regex backtracks. */
function validHost(host: string, withScheme: boolean, following: string): string | undefined {
  const labels = host.split('.');
  for (let count = labels.length; count >= 2; count--) {
    const kept = labels.slice(0, count);
    const tld = kept[count - 1] as string;
    const next = count === labels.length ? following : '.';
    if (!isKnownTld(tld, withScheme) || TLD_FOLLOWER.test(next)) continue;
    const candidate = kept.join('.');
    // Underscores are allowed in subdomains only, never in the registrable name or the TLD.
    if ((kept[count - 2] as string).includes('_') || tld.includes('_')) continue;
    const encoded = punycodeLabels(candidate);
    if (!encoded || encoded.some((label) => label.length === 0 || label.length > MAX_LABEL_LENGTH)) return undefined;
    return candidate;
  }
  return undefined;
}

function balancedParentheses(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** The path and query after a host, without the punctuation that ends the sentence around it. */
function pathAt(rest: string): string {
  if (!rest.startsWith('/') && !rest.startsWith('?')) return '';
  let path = PATH_RUN.exec(rest)?.[0] ?? '';
  while (path.length > 0) {
    const endsWell = path.endsWith(')') || PATH_ENDING.test(path);
    if (endsWell && balancedParentheses(path)) return path;
    path = path.slice(0, -1);
  }
  return '';
}

/** Every link X would shorten, in order, with its offsets. */
export function extractUrlsWithIndices(text: string): UrlMatch[] {
  if (!text.includes('.')) return [];
  const matches: UrlMatch[] = [];
  CANDIDATE.lastIndex = 0;
  for (let found = CANDIDATE.exec(text); found; found = CANDIDATE.exec(text)) {
    const start = found.index;
    const scheme = found[1] ?? '';
    const rawHost = found[2] as string;
    const preceding = start === 0 ? '' : (text[start - 1] as string);
    if (preceding && INVALID_PRECEDING.test(preceding)) continue;
    if (!scheme && preceding && INVALID_PRECEDING_WITHOUT_SCHEME.test(preceding)) continue;
    const hostStart = start + scheme.length;
    const following = text[hostStart + rawHost.length] ?? '';
    const host = validHost(rawHost, scheme !== '', following);
    if (!host || (!scheme && !ASCII_HOST.test(host))) continue;
    let end = hostStart + host.length;
    const port = host === rawHost ? PORT.exec(text.slice(end)) : null;
    if (port) end += port[0].length;
    if (host === rawHost) end += pathAt(text.slice(end)).length;
    if (end - start + (scheme ? 0 : 'https://'.length) > MAX_URL_LENGTH) continue;
    matches.push({ url: text.slice(start, end), start, end });
    CANDIDATE.lastIndex = end;
  }
  return matches;
}

/** The links in a text as X detects them (with or without a scheme). */
export function extractUrls(text: string): string[] {
  return extractUrlsWithIndices(text).map((match) => match.url);
}
