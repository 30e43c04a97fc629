import type { ThreadPartView } from '@postflow/contract';
import { numberSuffix } from '../../composer/thread/thread-parts';
import type { SavedThreads } from '../../composer/thread/use-composer-threads';
import type { SavedThread } from '../../composer/thread/use-threads';
import type { DisplayPost } from './post-display';

/**
 * What the edit modal starts a post's thread and first comment from (docs/decisions/155-threads.md,
 * Editing): the stored parts, their images and alt texts, and the LinkedIn comment.
 */

/** Whether part 1's editor holds the post's files: only images can be a part's own. */
export const partOneHoldsFiles = (post: DisplayPost) => post.imageKind === undefined || post.imageKind === 'image';

/**
 * A stored thread as the thread editor holds it. Parts that all end with their ' k/n' were numbered
 * when composed: the numbers come off and numbering is on, so moving a part renumbers them all.
 */
function savedThreadOf(parts: readonly ThreadPartView[], withHeadFiles: boolean): SavedThread {
  const numbered = parts.every((part, index) => part.text.endsWith(numberSuffix(index, parts.length)));
  return {
    numbered,
    parts: parts.map((part, index) => ({
      text: numbered ? part.text.slice(0, -numberSuffix(index, parts.length).length) : part.text,
      media:
        index === 0 && !withHeadFiles
          ? []
          : part.media_urls.map((url, at) => ({
              id: url.split('/').pop() ?? url,
              kind: 'image' as const,
              fileName: `Image ${at + 1}`,
              url,
              alt: part.media_alts[at] ?? '',
            })),
    })),
  };
}

export function savedThreadsOf(post: DisplayPost): SavedThreads {
  const { thread, first_comment: comment } = post.threadItem;
  return {
    ...(thread && thread.length > 1 ? { threads: { x: savedThreadOf(thread, partOneHoldsFiles(post)) } } : {}),
    ...(comment ? { firstComments: { linkedin: comment.text } } : {}),
  };
}

/**
 * The edit call names a part 'thread.2' and the comment 'firstComment'; the composer's problem
 * display reads the publish call's names ('thread.x.2', 'firstComment.linkedin').
 */
export function asPublishFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      field.replace(/^thread(?=\.|$)/, 'thread.x').replace(/^firstComment$/, 'firstComment.linkedin'),
      message,
    ]),
  );
}
