import { isBlankText, MEDIA_LIMITS, splitIntoThread, THREAD_MAX_PARTS } from '@postflow/contract/client';
import { copiedItem, type MediaItem } from '../use-media-attachments';

/** One post of an X thread as the composer holds it: its text (without any 'k/n') and its images. */
export interface ThreadPart {
  key: string;
  text: string;
  media: MediaItem[];
}

/** An X thread being written: its posts in order, and whether each ends with 'k/n'. */
export interface ComposerThread {
  parts: ThreadPart[];
  numbered: boolean;
}

/** X takes up to four images in each post of a thread, as in any post (docs/networks.md, X · Media limits). */
export const THREAD_PART_IMAGES = MEDIA_LIMITS.x.images;

export const THREAD_FULL_MESSAGE = `A thread can have up to ${THREAD_MAX_PARTS} posts. Remove one or join two to add another.`;

let counter = 0;
export function newPart(text: string, media: MediaItem[] = []): ThreadPart {
  counter += 1;
  return { key: `part-${counter}`, text, media };
}

/** ' 2/5': what numbering adds to the end of the 2nd of 5 posts. */
export function numberSuffix(index: number, count: number): string {
  return ` ${index + 1}/${count}`;
}

/**
 * The text post `index` goes out with. Numbers follow the posts as they are added, moved and
 * removed, so they are added here rather than typed into the parts.
 */
export function outgoingText(thread: ComposerThread, index: number): string {
  const text = thread.parts[index]?.text ?? '';
  // An empty post stays empty: with its number alone it would go out as a post saying "2/4",
  // where the server refuses an empty one and names it.
  return thread.numbered && !isBlankText(text) ? `${text.trimEnd()}${numberSuffix(index, thread.parts.length)}` : text;
}

export function outgoingTexts(thread: ComposerThread): string[] {
  return thread.parts.map((_, index) => outgoingText(thread, index));
}

/**
 * The parts of `text` split by the contract's splitter (the person's '---' lines, then paragraphs,
 * sentences and words; docs/decisions/155-threads.md). With numbering the splitter leaves room for
 * ' k/n'; the suffix is taken off again because the composer adds it itself.
 */
export function splitText(text: string, numbered: boolean): string[] {
  const parts = splitIntoThread(text, { numbering: numbered });
  if (!numbered) return parts;
  return parts.map((part, index) => {
    const suffix = numberSuffix(index, parts.length);
    return part.endsWith(suffix) ? part.slice(0, -suffix.length) : part;
  });
}

/** A line of three or more dashes on its own (as the contract's splitter reads one), with the line breaks around it. */
const SEPARATOR_LINE = /(?:\r?\n)*^[ \t]*-{3,}[ \t]*$(?:\r?\n)*/gm;

/**
 * The text for the networks that get no thread: where the person split X's thread by hand, a
 * paragraph break instead of the dashes (docs/decisions/157-thread-composer.md).
 */
export function withoutSeparatorLines(text: string): string {
  const joined = text.replace(SEPARATOR_LINE, '\n\n');
  return joined === text ? text : joined.trim();
}

/** A thread from a long text; never empty, so there is always a first post to write in. */
export function threadFromText(text: string, numbered: boolean): ComposerThread {
  const texts = splitText(text, numbered);
  return { parts: (texts.length ? texts : ['']).map((part) => newPart(part)), numbered };
}

/** Why no post can be added, or null. */
export function addProblem(thread: ComposerThread): string | null {
  return thread.parts.length >= THREAD_MAX_PARTS ? THREAD_FULL_MESSAGE : null;
}

export function insertAfter(thread: ComposerThread, index: number): ComposerThread {
  if (addProblem(thread)) return thread;
  const parts = [...thread.parts];
  parts.splice(index + 1, 0, newPart(''));
  return { ...thread, parts };
}

export function withoutPart(thread: ComposerThread, key: string): ComposerThread {
  if (thread.parts.length <= 1) return thread;
  return { ...thread, parts: thread.parts.filter((part) => part.key !== key) };
}

export function moved(thread: ComposerThread, key: string, by: -1 | 1): ComposerThread {
  const from = thread.parts.findIndex((part) => part.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= thread.parts.length) return thread;
  const parts = [...thread.parts];
  [parts[from], parts[to]] = [parts[to] as ThreadPart, parts[from] as ThreadPart];
  return { ...thread, parts };
}

export function withPart(thread: ComposerThread, key: string, change: (part: ThreadPart) => ThreadPart): ComposerThread {
  return { ...thread, parts: thread.parts.map((part) => (part.key === key ? change(part) : part)) };
}

/** A copy with new keys, sharing the stored files (a channel's own thread starting from the network's). */
export function copyOf(thread: ComposerThread): ComposerThread {
  return { ...thread, parts: thread.parts.map((part) => newPart(part.text, part.media.map(copiedItem))) };
}
