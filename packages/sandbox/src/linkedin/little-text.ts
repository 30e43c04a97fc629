/**
 * LinkedIn's "little text" (docs/networks.md, LinkedIn · Post text). Reserved characters must be backslash-escaped
 * unless they open a well-formed element; LinkedIn answers 201 but silently cuts the published
 * text at the first unescaped reserved character, which is what this reproduces so tests catch
 * missing escaping.
 */
export const RESERVED_CHARACTERS = new Set(['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '\\', '*', '_', '~']);

const ELEMENTS = [
  /^@\[[^\]\n]*\]\(urn:li:(?:person|organization):[A-Za-z0-9_-]+\)/u,
  /^\{hashtag\|\\[#＃]\|[^}\n]+\}/u,
  /^#[\p{L}\p{N}_]*[\p{L}\p{N}]/u,
];
const URL = /^https?:\/\/[^\s]+/u;

export function publishedCommentary(commentary: string): string {
  let index = 0;
  while (index < commentary.length) {
    const rest = commentary.slice(index);
    const url = URL.exec(rest);
    if (url && (index === 0 || /\s/.test(commentary[index - 1] ?? ''))) {
      index += url[0].length;
      continue;
    }
    const char = commentary[index] ?? '';
    if (!RESERVED_CHARACTERS.has(char)) {
      index++;
      continue;
    }
    if (char === '\\' && RESERVED_CHARACTERS.has(commentary[index + 1] ?? '')) {
      index += 2;
      continue;
    }
    const element = ELEMENTS.map((pattern) => pattern.exec(rest)).find((match) => match !== null);
    if (element) {
      index += element[0].length;
      continue;
    }
    return commentary.slice(0, index);
  }
  return commentary;
}

/** Reads return hashtags in template form: `{hashtag|\#|tag}` (docs/networks.md, LinkedIn · Reading posts). */
export function templateHashtags(commentary: string): string {
  return commentary.replace(
    /(^|[^\\\p{L}\p{N}_])#([\p{L}\p{N}_]*[\p{L}\p{N}])/gu,
    (_match, before: string, tag: string) => `${before}{hashtag|\\#|${tag}}`,
  );
}
