/**
 * Characters that show nothing on their own: white space, format characters (zero-width space and
 * joiners, the byte-order mark, direction marks, soft hyphen), variation selectors and the blank
 * fillers people paste to fake an empty line. A part made only of these would go out as an empty
 * post, so it counts as empty.
 */
const INVISIBLE = /[\s\p{Cf}\uFE00-\uFE0F\u2800\u3164\u115F\u1160\uFFA0]/gu;

/** Whether a part or a comment shows anything at all. */
export function isBlankText(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}
