import type { MediaKind } from '@postflow/contract';
import { cx } from './ui/cx';

export interface PostFileProps {
  url: string;
  /** What the file is; lists of posts stored before kinds were sent have none, which reads as an image. */
  kind: MediaKind | undefined;
  /** The person's own description, or '' for none. */
  alt: string;
  /** What to call the file when the person wrote no description. */
  fallbackLabel: string;
  /** A document post's title. */
  documentTitle?: string | null;
  className?: string;
}

/**
 * One attached file as a list of posts shows it: a picture described by its alt text, a video that
 * plays, or a document that opens (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export function PostFile({ url, kind, alt, fallbackLabel, documentTitle, className }: PostFileProps) {
  if (kind === 'video') {
    return (
      <video
        src={url}
        controls
        preload="metadata"
        aria-label={alt || fallbackLabel.replace(/^Image/u, 'Video')}
        className={cx('w-full rounded-lg bg-slate-900', className)}
      />
    );
  }
  if (kind === 'document') {
    return (
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="flex items-center gap-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200 ring-inset hover:bg-slate-100"
      >
        <span aria-hidden="true" className="rounded bg-white px-2 py-1 text-xs font-semibold text-slate-600 ring-1 ring-slate-200">
          DOC
        </span>
        <span className="font-medium">{documentTitle || 'Document'}</span>
        <span className="sr-only">(opens the document)</span>
      </a>
    );
  }
  return (
    <img src={url} alt={alt || fallbackLabel} loading="lazy" className={cx('w-full rounded-lg bg-slate-100 object-cover', className)} />
  );
}
