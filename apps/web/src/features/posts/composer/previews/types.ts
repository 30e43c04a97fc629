import type { Network } from '@postflow/contract';

/**
 * Who the post goes out as. Plain data, so the channel picker, the media picker and the link card
 * (issue 21) can feed the previews whatever they hold (docs/decisions/150-composer-previews.md).
 */
export interface PreviewChannel {
  name: string;
  /** X's @handle (with or without the @); null for LinkedIn, which shows none. */
  handle: string | null;
  avatarUrl: string | null;
  network: Network;
  /** A LinkedIn page draws a square logo and 'Company page'; a person a round avatar. */
  kind: 'person' | 'page';
}

export interface PreviewImage {
  url: string;
  /** The image's description; empty when the person has not written one. */
  alt: string;
}

export interface PreviewVideo {
  durationMs: number;
  posterUrl?: string | null;
}

export interface PreviewDocument {
  title: string;
  pages: number;
  /** The first page drawn as an image, when the caller has one; otherwise a page outline stands in. */
  firstPageUrl?: string | null;
}

export interface PreviewLinkCard {
  url: string;
  title: string;
  description?: string | null;
  imageUrl?: string | null;
  siteName?: string | null;
}

/** A reply in a thread: its text and, on X, its own images. */
export interface PreviewThreadPart {
  text: string;
  images?: readonly PreviewImage[];
}

export interface PostPreviewProps {
  channel: PreviewChannel;
  text: string;
  images?: readonly PreviewImage[];
  video?: PreviewVideo | null;
  document?: PreviewDocument | null;
  linkCard?: PreviewLinkCard | null;
  /** The replies that follow `text` in a thread (docs/product.md, Composer · Threads); X draws them joined by a line. */
  thread?: readonly (string | PreviewThreadPart)[];
  /** LinkedIn's first comment, drawn under the post as the post's own author's comment. */
  firstComment?: string | null;
}
