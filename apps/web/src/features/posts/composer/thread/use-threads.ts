import { useState } from 'react';
import { mediaListActions, storedItem, type MediaListActions, type MediaUploads, type SavedMedia } from '../use-media-attachments';
import {
  copyOf,
  insertAfter,
  moved,
  newPart,
  threadFromText,
  withoutPart,
  withPart,
  type ComposerThread,
  type ThreadPart,
} from './thread-parts';

/** Where a thread goes: 'x' for every chosen X channel, or one channel's id for its own thread. */
export type ThreadScope = string;

/** A thread as a draft or an undone post brings it back. */
export interface SavedThread {
  parts: Array<{ text: string; media: SavedMedia[] }>;
  numbered: boolean;
}

/** What the thread editor needs to change one thread. */
export interface ThreadController {
  thread: ComposerThread;
  setNumbered: (on: boolean) => void;
  setText: (key: string, text: string) => void;
  /** A new empty post after the one at `index`. */
  addAfter: (index: number) => void;
  remove: (key: string) => void;
  move: (key: string, by: -1 | 1) => void;
  media: (key: string) => MediaListActions;
}

function restored(saved: Readonly<Record<ThreadScope, SavedThread>>): Record<ThreadScope, ComposerThread> {
  return Object.fromEntries(
    Object.entries(saved).map(([scope, thread]) => [
      scope,
      { numbered: thread.numbered, parts: thread.parts.map((part) => newPart(part.text, part.media.map(storedItem))) },
    ]),
  );
}

/**
 * The composer's X threads (docs/product.md, Composer · Threads): the network's, and a chosen X
 * channel's own. A scope without a thread posts a single text. Each post's images are uploaded at
 * once, one file after another with the post's own media.
 */
export function useThreads(uploads: MediaUploads, saved: Readonly<Record<ThreadScope, SavedThread>> = {}) {
  const [threads, setThreads] = useState<Record<ThreadScope, ComposerThread>>(() => restored(saved));

  const releaseParts = (parts: readonly ThreadPart[]) => {
    for (const part of parts) for (const item of part.media) uploads.release(item);
  };

  const change = (scope: ThreadScope, update: (thread: ComposerThread) => ComposerThread) =>
    setThreads((all) => {
      const thread = all[scope];
      return thread ? { ...all, [scope]: update(thread) } : all;
    });

  function controller(scope: ThreadScope): ThreadController | null {
    const thread = threads[scope];
    if (!thread) return null;
    return {
      thread,
      setNumbered: (numbered) => change(scope, (current) => ({ ...current, numbered })),
      setText: (key, text) => change(scope, (current) => withPart(current, key, (part) => ({ ...part, text }))),
      addAfter: (index) => change(scope, (current) => insertAfter(current, index)),
      remove: (key) =>
        change(scope, (current) => {
          const next = withoutPart(current, key);
          if (next !== current) releaseParts(current.parts.filter((part) => part.key === key));
          return next;
        }),
      move: (key, by) => change(scope, (current) => moved(current, key, by)),
      media: (key) =>
        mediaListActions(
          (update) => change(scope, (current) => withPart(current, key, (part) => ({ ...part, media: update(part.media) }))),
          uploads,
        ),
    };
  }

  /** Splits `text` into a new thread for `scope`, replacing the one it had. */
  function split(scope: ThreadScope, text: string, numbered: boolean) {
    setThreads((all) => {
      if (all[scope]) releaseParts(all[scope].parts);
      return { ...all, [scope]: threadFromText(text, numbered) };
    });
  }

  /** `scope` posts a single text again. */
  function stop(scope: ThreadScope) {
    setThreads((all) => {
      const { [scope]: gone, ...rest } = all;
      if (gone) releaseParts(gone.parts);
      return rest;
    });
  }

  /** A channel's own thread, starting as a copy of the network's. */
  function copy(from: ThreadScope, to: ThreadScope) {
    setThreads((all) => {
      const source = all[from];
      if (!source) return all;
      const thread = copyOf(source);
      for (const part of thread.parts) for (const item of part.media) uploads.retain(item);
      return { ...all, [to]: thread };
    });
  }

  const everyItem = Object.values(threads).flatMap((thread) => thread.parts.flatMap((part) => part.media));
  return {
    threads,
    controller,
    split,
    stop,
    copy,
    uploading: everyItem.some((item) => item.status === 'uploading'),
    failed: everyItem.some((item) => item.status === 'failed'),
  };
}
export type Threads = ReturnType<typeof useThreads>;
