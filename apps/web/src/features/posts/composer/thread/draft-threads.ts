import type { Draft, DraftThread } from '@postflow/contract';
import type { SavedMedia } from '../use-media-attachments';
import type { SavedThreads } from './use-composer-threads';

/** What a draft's details keep of the threads and first comments (docs/product.md, Drafts): each part's images by id. */
export function draftThreadFields(saved: SavedThreads): { threads?: Record<string, DraftThread>; firstComments?: Record<string, string> } {
  const threads = Object.entries(saved.threads ?? {}).map(([scope, thread]): [string, DraftThread] => [
    scope,
    {
      numbered: thread.numbered,
      parts: thread.parts.map((part) => ({ text: part.text, media: part.media.map(({ id, alt }) => ({ id, alt })) })),
    },
  ]);
  const comments = Object.entries(saved.firstComments ?? {});
  return {
    ...(threads.length ? { threads: Object.fromEntries(threads) } : {}),
    ...(comments.length ? { firstComments: Object.fromEntries(comments) } : {}),
  };
}

/** A saved draft's threads and first comments as the composer restores them; an image no longer stored is left out. */
export function savedThreadsOf(draft: Draft): SavedThreads {
  const files = draft.threadMedia ?? [];
  const fileOf = ({ id, alt }: { id: string; alt?: string | undefined }): SavedMedia[] => {
    const file = files.find((candidate) => candidate.id === id);
    if (!file) return [];
    const { kind, fileName, url, durationMs, pages } = file;
    return [
      {
        id,
        kind,
        fileName,
        url,
        alt: alt ?? '',
        ...(durationMs !== undefined ? { durationMs } : {}),
        ...(pages !== undefined ? { pages } : {}),
      },
    ];
  };
  const { threads, firstComments } = draft.details;
  return {
    ...(threads
      ? {
          threads: Object.fromEntries(
            Object.entries(threads).map(([scope, thread]) => [
              scope,
              { numbered: thread.numbered, parts: thread.parts.map((part) => ({ text: part.text, media: part.media.flatMap(fileOf) })) },
            ]),
          ),
        }
      : {}),
    ...(firstComments ? { firstComments } : {}),
  };
}
