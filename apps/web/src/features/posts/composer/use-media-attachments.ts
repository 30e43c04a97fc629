import type { MediaKind, UploadedMedia } from '@postflow/contract';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { uploadPatiently } from './api/use-media-upload';
import { kindOf } from './media-files';

/** One file of the post, from the moment it is chosen: uploading (with its percent), stored, or refused. */
export interface MediaItem {
  key: string;
  fileName: string;
  kind: MediaKind;
  /** An object URL of the chosen file (revoked when it is removed), or the stored file's address. */
  previewUrl: string;
  progress: number;
  status: 'uploading' | 'stored' | 'failed';
  /** The server's words when it refused the file. */
  problem?: string;
  /** Once stored: the id publishing and the draft name. */
  mediaId?: string;
  alt: string;
  /** What the server read from the bytes, once stored (a video's length, a document's pages). */
  durationMs?: number;
  pages?: number;
}

/** A draft's files as the composer restores them: each with its alt text, and what the previews draw of a video or document. */
export type SavedMedia = Pick<UploadedMedia, 'id' | 'kind' | 'fileName' | 'url' | 'durationMs' | 'pages'> & { alt: string };

let counter = 0;
const nextKey = () => `media-${(counter += 1)}`;

/** A saved file as a list item, already stored on the server. */
export function storedItem(file: SavedMedia): MediaItem {
  return {
    key: nextKey(),
    fileName: file.fileName,
    kind: file.kind,
    previewUrl: file.url,
    progress: 100,
    status: 'stored',
    mediaId: file.id,
    alt: file.alt,
    ...(file.durationMs !== undefined ? { durationMs: file.durationMs } : {}),
    ...(file.pages !== undefined ? { pages: file.pages } : {}),
  };
}

/** The same file in another list (a channel's own thread copied from the network's), under a key of its own. */
export function copiedItem(item: MediaItem): MediaItem {
  return { ...item, key: nextKey() };
}

/**
 * What several lists of files share (the post's, each thread part's): one upload at a time, and the
 * object URLs of the chosen files, with the items that show each (a copied thread shows the same
 * file), revoked when none does or when the composer goes.
 */
export interface MediaUploads {
  retain: (item: Pick<MediaItem, 'key' | 'previewUrl'>) => void;
  /** Idempotent, so that it may run inside a state update React repeats. */
  release: (item: Pick<MediaItem, 'key' | 'previewUrl'>) => void;
  turn: { current: Promise<unknown> };
}

export function useMediaUploads(): MediaUploads {
  const [holders] = useState(() => new Map<string, Set<string>>());
  const turn = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(
    () => () => {
      for (const url of holders.keys()) URL.revokeObjectURL(url);
      holders.clear();
    },
    [holders],
  );
  return {
    // Only object URLs are tracked: a stored file's address needs no revoking.
    retain: ({ key, previewUrl }) => {
      if (!previewUrl.startsWith('blob:')) return;
      holders.set(previewUrl, (holders.get(previewUrl) ?? new Set()).add(key));
    },
    release: ({ key, previewUrl }) => {
      const held = holders.get(previewUrl);
      if (!held?.delete(key) || held.size > 0) return;
      holders.delete(previewUrl);
      URL.revokeObjectURL(previewUrl);
    },
    turn,
  };
}

/** Changes one list of files (the post's, or one thread part's) through the state that holds it. */
export type MediaListUpdate = (change: (items: MediaItem[]) => MediaItem[]) => void;

/** Choosing, removing, reordering and describing the files of one list; each chosen file is uploaded at once. */
export function mediaListActions(setItems: MediaListUpdate, uploads: MediaUploads) {
  const update = (key: string, change: Partial<MediaItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function choose(files: readonly File[]) {
    const added = files.map((file) => {
      const item: MediaItem = {
        key: nextKey(),
        fileName: file.name,
        kind: kindOf(file) ?? 'image',
        previewUrl: URL.createObjectURL(file),
        progress: 0,
        status: 'uploading',
        alt: '',
      };
      uploads.retain(item);
      // One file after another: the server decodes two images of a person at once (decision 111),
      // and the progress bars then fill in the order the person sees.
      const upload = () => uploadPatiently(file, (progress) => update(item.key, { progress }));
      const done = uploads.turn.current.then(upload, upload);
      uploads.turn.current = done.catch(() => undefined);
      done.then(
        (stored) =>
          update(item.key, {
            status: 'stored',
            progress: 100,
            mediaId: stored.id,
            kind: stored.kind,
            ...(stored.durationMs !== undefined ? { durationMs: stored.durationMs } : {}),
            ...(stored.pages !== undefined ? { pages: stored.pages } : {}),
          }),
        (error: unknown) =>
          update(item.key, {
            status: 'failed',
            problem: isApiError(error) ? error.message : `${file.name} could not be uploaded. Remove it and try again.`,
          }),
      );
      return item;
    });
    setItems((current) => [...current, ...added]);
  }

  function remove(key: string) {
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) uploads.release(gone);
      return current.filter((item) => item.key !== key);
    });
  }

  function move(key: string, by: -1 | 1) {
    setItems((current) => {
      const from = current.findIndex((item) => item.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= current.length) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to] as MediaItem, next[from] as MediaItem];
      return next;
    });
  }

  return { choose, remove, move, setAlt: (key: string, alt: string) => update(key, { alt }) };
}
export type MediaListActions = ReturnType<typeof mediaListActions>;

/**
 * The composer's media (docs/product.md, Composer · Media): each chosen file is uploaded at once
 * (POST /api/v1/media, with progress), can be reordered, removed and given alt text, and the post
 * and its draft name the stored files by id.
 */
export function useMediaAttachments(saved: readonly SavedMedia[] = [], savedTitle = '', shared?: MediaUploads) {
  const [items, setItems] = useState<MediaItem[]>(() => saved.map(storedItem));
  const [documentTitle, setDocumentTitle] = useState(savedTitle);
  const own = useMediaUploads();
  // Shared with the thread's images, so that every file of the post uploads one after another.
  const uploads = shared ?? own;
  const actions = mediaListActions(setItems, uploads);

  const stored = items.filter((item) => item.status === 'stored' && item.mediaId);
  return {
    items,
    ...actions,
    documentTitle,
    setDocumentTitle,
    uploading: items.some((item) => item.status === 'uploading'),
    failed: items.some((item) => item.status === 'failed'),
    /** The publish data's media fields. */
    publishFields: () => ({
      ...(stored.length
        ? { mediaIds: stored.map((item) => item.mediaId as string), media: stored.map((item) => ({ alt: item.alt })) }
        : {}),
      ...(stored[0]?.kind === 'document' ? { document: { title: documentTitle } } : {}),
    }),
    /** The draft's files, in order, with their alt texts. */
    draftMedia: stored.map((item) => ({ id: item.mediaId as string, alt: item.alt })),
    /** The stored files as a composer opened again shows them (Undo of a schedule). */
    savedMedia: stored.map((item): SavedMedia => ({
      id: item.mediaId as string,
      kind: item.kind,
      fileName: item.fileName,
      url: item.previewUrl,
      alt: item.alt,
      ...(item.durationMs !== undefined ? { durationMs: item.durationMs } : {}),
      ...(item.pages !== undefined ? { pages: item.pages } : {}),
    })),
  };
}
export type MediaAttachments = ReturnType<typeof useMediaAttachments>;
