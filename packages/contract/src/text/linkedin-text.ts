/**
 * LinkedIn's "little text" format for post commentary (docs/networks.md, LinkedIn · Post text). Every reserved character
 * must be backslash-escaped; an unescaped one makes LinkedIn answer 201 and then silently cut the
 * published text at that character ("Guam (GPA)…" becomes "Guam ").
 * https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format
 */
const LITTLE_TEXT_RESERVED = new Set(['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '\\', '*', '_', '~']);

// A URL runs to the next whitespace and starts the text or follows whitespace: inside it nothing
// is escaped, so the link LinkedIn detects is exactly the one that was written.
const URL_AT = /^https?:\/\/\S+/u;
// A hashtag is `#` then letters, digits and underscores, with at least one letter ("#1" is a
// number, not a tag) and not ending in "_". It must start the text or follow a character that is
// not part of a word ("C#" and "issue#12" are plain text).
const HASHTAG_AT = /^#(?=[\p{L}\p{N}_]*\p{L})[\p{L}\p{N}_]*[\p{L}\p{N}]/u;
const WORD_CHARACTER = /[\p{L}\p{N}_\\]/u;

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * "(see https://example.com)": the closing parenthesis belongs to the sentence, not the URL, so it
 * is escaped like any other; a balanced one ("…/Foo_(bar)") stays in the URL.
 */
function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1] ?? '';
    const body = url.slice(0, end);
    const unbalancedClose = last === ')' ? count(body, '(') < count(body, ')') : last === ']' ? count(body, '[') < count(body, ']') : true;
    if (end <= 'https://'.length || !LITTLE_TEXT_RESERVED.has(last) || !unbalancedClose) return url.slice(0, end);
    end--;
  }
}

/** Escapes plain text for `commentary`, keeping well-formed `#hashtags` and URLs as they are. */
export function escapeLittleText(text: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const previous = index === 0 ? '' : (text[index - 1] ?? '');
    const rest = text.slice(index);
    const url = previous === '' || /\s/u.test(previous) ? URL_AT.exec(rest) : null;
    if (url) {
      const kept = withoutTrailingPunctuation(url[0]);
      out += kept;
      index += kept.length;
      continue;
    }
    const hashtag = !WORD_CHARACTER.test(previous) ? HASHTAG_AT.exec(rest) : null;
    if (hashtag) {
      out += hashtag[0];
      index += hashtag[0].length;
      continue;
    }
    const char = text[index] as string;
    out += LITTLE_TEXT_RESERVED.has(char) ? `\\${char}` : char;
    index++;
  }
  return out;
}

/**
 * The plain text a person wrote, from commentary as LinkedIn returns it: hashtags come back as
 * `{hashtag|\#|tag}` templates (docs/networks.md, LinkedIn · Reading posts), mentions as `@[Name](urn)`, and escapes are undone.
 */
export function unescapeLittleText(commentary: string): string {
  return commentary
    .replace(/\{hashtag\|\\?[#＃]\|([^}\n]+)\}/gu, '#$1')
    .replace(/@\[([^\]\n]*)\]\(urn:li:(?:person|organization):[^)\s]+\)/gu, '@$1')
    .replace(/\\([|{}@[\]()<>#\\*_~])/gu, '$1');
}

/** Length as LinkedIn counts it: characters (code points), not UTF-16 units. */
export function littleTextLength(commentary: string): number {
  return [...commentary].length;
}

/**
 * A text's length against LinkedIn's limit: LinkedIn counts the commentary after escaping (docs/networks.md, LinkedIn · Post text), so
 * each reserved character outside links and hashtags counts twice. The composer's counter, the
 * server's check and the adapter all count this way, so a text the counter accepts is sent.
 */
export function linkedInLength(text: string): number {
  return littleTextLength(escapeLittleText(text));
}
