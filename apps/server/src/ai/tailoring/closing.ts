import { extractUrls, splitTrailingHashtags } from '@postflow/contract';
import { sentencesOf, wordShare, wordsOf } from './text-facts';

/** The sentence a post ends on that a writer means readers to act on: a question or a call to action. */
export interface Closing {
  sentence: string;
  kind: 'question' | 'call_to_action';
}

// Emoji, spaces and closing quotes or brackets may follow the question mark ("Thoughts? 👇").
const QUESTION_END = /[?？؟](?:[\s"'”’)\]»]|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F|\u200D)*$/u;
// English imperatives that open a call to action. Other languages are recognised by a question
// mark or a link only (docs/ai.md).
const CALL_TO_ACTION =
  /^(?:\s|\p{Extended_Pictographic}|\uFE0F|\u200D|[→►•*-])*(?:try|join|sign up|register|download|read|check out|learn more|find out|visit|book|grab|get|subscribe|follow|watch|listen|apply|drop|dm|reply|comment|share|tell (?:us|me)|let (?:us|me) know|let's|don't miss|save your|rsvp|come|see|start|click|tap|vote|ask)\b/iu;
// A sentence of a link and nothing else ("https://…") points back at the sentence before it.
const ONLY_LINK_OR_EMOJI = /^(?:[\s.!:→]|\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F|\u200D)*$/u;

/** The closing question or call to action of a text (its last sentence before any trailing hashtags), if it has one. */
export function closingOf(text: string): Closing | undefined {
  const { body } = splitTrailingHashtags(text.normalize('NFC').replace(/\r\n?/gu, '\n').trim());
  const all = sentencesOf(body);
  let last = all.length - 1;
  while (last > 0 && ONLY_LINK_OR_EMOJI.test(withoutUrls(all[last] as string))) last--;
  const sentence = all[last];
  if (!sentence || wordsOf(sentence).length === 0) return undefined;
  if (QUESTION_END.test(sentence)) return { sentence, kind: 'question' };
  if (CALL_TO_ACTION.test(sentence) || extractUrls(sentence).length > 0 || last < all.length - 1)
    return { sentence, kind: 'call_to_action' };
  return undefined;
}

function withoutUrls(sentence: string): string {
  return extractUrls(sentence).reduce((rest, url) => rest.replace(url, ''), sentence);
}

// A reworded closing still shares most of its words with the original.
const KEPT_SHARE = 0.6;

/** True when `output` still says the closing: a sentence with most of its words (a question still asked as one). */
export function keepsClosing(closing: Closing, output: string): boolean {
  return sentencesOf(output).some((sentence) => {
    if (closing.kind === 'question' && !QUESTION_END.test(sentence)) return false;
    // Measured from the closing's side: every word of it, or most, must be in this sentence.
    return wordShare(closing.sentence, new Set(wordsOf(sentence))) >= KEPT_SHARE;
  });
}
