import type { Channel, Network } from '@postflow/contract';
import { useState } from 'react';
import type { NetworkExtras } from '../previews/composer-previews';
import type { PreviewAttachments } from '../previews/preview-attachments';
import type { PostPreviewProps } from '../previews/types';
import type { MediaUploads } from '../use-media-attachments';
import { outgoingTexts, type ComposerThread } from './thread-parts';
import { threadPreview } from './thread-preview';
import { useThreads, type SavedThread, type ThreadController, type ThreadScope } from './use-threads';

/** The network's thread goes to every chosen X channel without one of its own. */
export const NETWORK_THREAD: ThreadScope = 'x';
/** The network's first comment goes under every chosen LinkedIn channel's post without one of its own. */
export const NETWORK_COMMENT = 'linkedin';

/** A thread and first comments as a draft or an undone post brings them back. */
export interface SavedThreads {
  threads?: Record<ThreadScope, SavedThread>;
  firstComments?: Record<string, string>;
}

/** A part as the publish call takes it: its text, and its own images by id with their alt texts. */
function partsOf(thread: ComposerThread) {
  const texts = outgoingTexts(thread);
  return thread.parts.map((part, index) => {
    const stored = part.media.filter((item) => item.status === 'stored' && item.mediaId);
    const text = texts[index] ?? '';
    return stored.length
      ? { text, mediaIds: stored.map((item) => item.mediaId as string), media: stored.map((item) => ({ alt: item.alt })) }
      : text;
  });
}

/** A thread as a draft or an undone post keeps it: each part's text and its stored images. */
function savedThreadOf(thread: ComposerThread): SavedThread {
  return {
    numbered: thread.numbered,
    parts: thread.parts.map((part) => ({
      text: part.text,
      media: part.media.flatMap((item) =>
        item.mediaId ? [{ id: item.mediaId, kind: item.kind, fileName: item.fileName, url: item.previewUrl, alt: item.alt }] : [],
      ),
    })),
  };
}

/** The server's words about each part, from a refused publish's fields ('thread.x.2', 'perChannelThread.{id}.0'). */
function partProblemsOf(fields: Readonly<Record<string, string>>): Record<ThreadScope, Record<number, string>> {
  const problems: Record<ThreadScope, Record<number, string>> = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^(?:thread\.(x)|perChannelThread\.([^.]+))(?:\.(\d+))?/.exec(field);
    if (!match) continue;
    const scope = match[1] ?? match[2] ?? NETWORK_THREAD;
    // A problem about the whole thread (too many parts) is shown on its first post.
    (problems[scope] ??= {})[Number(match[3] ?? 0)] = message;
  }
  return problems;
}

function commentProblemsOf(fields: Readonly<Record<string, string>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = /^(?:firstComment\.(linkedin)|perChannelFirstComment\.([^.]+))$/.exec(field);
    if (match) problems[match[1] ?? match[2] ?? NETWORK_COMMENT] = message;
  }
  return problems;
}

/**
 * The composer's X threads and LinkedIn first comments (docs/product.md, Composer · Threads): what
 * the person wrote, what the publish call and the draft carry, and the server's words about a part.
 */
export function useComposerThreads(uploads: MediaUploads, saved: SavedThreads = {}) {
  const threads = useThreads(uploads, saved.threads);
  const [comments, setComments] = useState<Record<string, string>>(saved.firstComments ?? {});
  const [partProblems, setPartProblems] = useState<Record<ThreadScope, Record<number, string>>>({});
  const [commentProblems, setCommentProblems] = useState<Record<string, string>>({});

  const forgetProblems = (scope: string) => {
    setPartProblems(({ [scope]: _gone, ...rest }) => rest);
    setCommentProblems(({ [scope]: _gone, ...rest }) => rest);
  };

  /** Whether the X text of these networks is a thread. */
  const networkThread = (platforms: readonly Network[]) => (platforms.includes('x') ? threads.threads[NETWORK_THREAD] : undefined);

  /** What the publish call adds, for the chosen networks and (with channels) the chosen channels. */
  function publishFields(platforms: readonly Network[], channels: readonly Channel[]) {
    const network = networkThread(platforms);
    const own = channels.filter((channel) => channel.network === 'x' && threads.threads[channel.id]);
    const comment = platforms.includes('linkedin') ? comments[NETWORK_COMMENT]?.trim() : undefined;
    const ownComments = channels.filter((channel) => channel.network === 'linkedin' && comments[channel.id]?.trim());
    return {
      ...(network ? { thread: { x: partsOf(network) } } : {}),
      ...(own.length
        ? {
            perChannelThread: Object.fromEntries(
              own.map((channel) => [channel.id, partsOf(threads.threads[channel.id] as ComposerThread)]),
            ),
          }
        : {}),
      ...(comment ? { firstComment: { linkedin: comments[NETWORK_COMMENT] as string } } : {}),
      ...(ownComments.length
        ? { perChannelFirstComment: Object.fromEntries(ownComments.map((channel) => [channel.id, comments[channel.id] as string])) }
        : {}),
    };
  }

  /** What the previews draw for each network: X's thread, LinkedIn's first comment. */
  function previewExtras(platforms: readonly Network[], post: PreviewAttachments): NetworkExtras {
    const network = networkThread(platforms);
    return {
      ...(network ? { x: threadPreview(network, post) } : {}),
      ...(platforms.includes('linkedin') ? { linkedin: { firstComment: comments[NETWORK_COMMENT] ?? null } } : {}),
    };
  }

  /** What one chosen channel's preview draws: its own thread or comment, else its network's. */
  function channelExtras(channel: Channel, post: PreviewAttachments): Partial<PostPreviewProps> {
    if (channel.network === 'x') {
      const thread = threads.threads[channel.id] ?? threads.threads[NETWORK_THREAD];
      return thread ? threadPreview(thread, post) : {};
    }
    return { firstComment: comments[channel.id] ?? comments[NETWORK_COMMENT] ?? null };
  }

  /** A chosen channel's own text, dropped when the channel posts a thread instead (its own or the network's). */
  function ownTexts(perChannel: Readonly<Record<string, string>>, channels: readonly Channel[], platforms: readonly Network[]) {
    const threaded = (id: string) => {
      const channel = channels.find((candidate) => candidate.id === id);
      return channel?.network === 'x' && Boolean(threads.threads[id] ?? networkThread(platforms));
    };
    return Object.fromEntries(Object.entries(perChannel).filter(([id]) => !threaded(id)));
  }

  return {
    ...threads,
    ownTexts,
    /** The thread of `scope`; any change to it takes back what the server said about its parts by position. */
    controller(scope: ThreadScope): ThreadController | null {
      const thread = threads.controller(scope);
      if (!thread) return null;
      const forgetting =
        <A extends unknown[]>(action: (...args: A) => void) =>
        (...args: A) => {
          if (partProblems[scope]) forgetProblems(scope);
          action(...args);
        };
      return {
        ...thread,
        setNumbered: forgetting(thread.setNumbered),
        // Editing a post's text moves no other: only its own problem goes.
        setText: (key, text) => {
          const index = thread.thread.parts.findIndex((part) => part.key === key);
          if (partProblems[scope]?.[index] !== undefined)
            setPartProblems(({ [scope]: problems = {}, ...rest }) => {
              const { [index]: _gone, ...left } = problems;
              return { ...rest, [scope]: left };
            });
          thread.setText(key, text);
        },
        addAfter: forgetting(thread.addAfter),
        remove: forgetting(thread.remove),
        move: forgetting(thread.move),
      };
    },
    comments,
    /** `scope` is 'linkedin' for the network's comment, or a LinkedIn channel's id; null removes it. */
    setComment: (scope: string, text: string | null) => {
      forgetProblems(scope);
      setComments(({ [scope]: _old, ...rest }) => (text === null ? rest : { ...rest, [scope]: text }));
    },
    partProblems,
    commentProblems,
    /** Puts the server's words on the part or comment they name; true when some did. */
    showProblems(fields: Readonly<Record<string, string>>): boolean {
      const parts = partProblemsOf(fields);
      const onComments = commentProblemsOf(fields);
      setPartProblems(parts);
      setCommentProblems(onComments);
      return Object.keys(parts).length + Object.keys(onComments).length > 0;
    },
    forgetProblems,
    networkThread,
    publishFields,
    previewExtras,
    channelExtras,
    /** What a draft and an undone post keep. */
    saved: (): SavedThreads => ({
      threads: Object.fromEntries(Object.entries(threads.threads).map(([scope, thread]) => [scope, savedThreadOf(thread)])),
      firstComments: comments,
    }),
  };
}
export type ComposerThreads = ReturnType<typeof useComposerThreads>;
