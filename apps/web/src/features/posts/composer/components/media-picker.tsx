import type { Network } from '@postflow/contract';
import { MEDIA_LIMITS } from '@postflow/contract/client';
import { useId, type ChangeEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { limitsText, MEDIA_ACCEPT, selectionProblem } from '../media-files';
import type { MediaAttachments, MediaItem, MediaListActions } from '../use-media-attachments';
import { AltTextField } from './alt-text-field';

const fieldClass =
  'w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';

function Thumbnail({ item }: { item: MediaItem }) {
  if (item.kind === 'image') return <img src={item.previewUrl} alt="" className="size-16 shrink-0 rounded-md bg-slate-100 object-cover" />;
  return (
    <span
      aria-hidden="true"
      className="flex size-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-xs font-semibold text-slate-600"
    >
      {item.kind === 'video' ? 'Video' : 'Document'}
    </span>
  );
}

/** One chosen file: its upload, its place in the order, its removal and its alt text. */
export function MediaRow({
  item,
  index,
  count,
  altLimit,
  attachments,
}: {
  item: MediaItem;
  index: number;
  count: number;
  altLimit: number;
  attachments: MediaListActions;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-2 ring-1 ring-slate-200 ring-inset">
      <div className="flex items-center gap-3">
        <Thumbnail item={item} />
        <span className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <span className="truncate font-medium text-slate-900" title={item.fileName}>
            {item.fileName}
          </span>
          {item.status === 'uploading' && (
            <span className="flex items-center gap-2 text-slate-600">
              <progress max={100} value={item.progress} aria-label={`Uploading ${item.fileName}`} className="h-2 flex-1" />
              <span>{item.progress}%</span>
            </span>
          )}
          {item.status === 'stored' && <span className="text-slate-500">Uploaded</span>}
          {item.status === 'failed' && (
            <span role="alert" className="text-red-700">
              {item.problem}
            </span>
          )}
        </span>
        <span className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="sm"
            disabled={index === 0}
            onClick={() => attachments.move(item.key, -1)}
            aria-label={`Move ${item.fileName} earlier`}
          >
            Up
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={index === count - 1}
            onClick={() => attachments.move(item.key, 1)}
            aria-label={`Move ${item.fileName} later`}
          >
            Down
          </Button>
          <Button variant="ghost" size="sm" onClick={() => attachments.remove(item.key)}>
            Remove <span className="sr-only">{item.fileName}</span>
          </Button>
        </span>
      </div>
      {item.kind !== 'document' && (
        <AltTextField
          label={`Alt text for ${item.fileName}`}
          value={item.alt}
          limit={altLimit}
          onChange={(alt) => attachments.setAlt(item.key, alt)}
        />
      )}
    </li>
  );
}

/**
 * docs/product.md, Composer · Media: several images (each with alt text), or one MP4 video, or one
 * PDF/PPTX document with a title (LinkedIn only), uploaded as soon as they are chosen with their progress shown.
 */
export function MediaPicker({ platforms, attachments }: { platforms: readonly Network[]; attachments: MediaAttachments }) {
  const inputId = useId();
  const titleId = useId();
  const limitsId = useId();
  const { items } = attachments;
  const altLimit = Math.min(...(platforms.length ? platforms : (['x'] as const)).map((network) => MEDIA_LIMITS[network].altTextLength));
  const problem = selectionProblem(
    items.map((item) => item.kind),
    platforms,
  );

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Lets the same file be picked again after a removal (the browser fires no change otherwise).
    event.target.value = '';
    if (files.length) attachments.choose(files);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Media <span className="font-normal text-slate-500">(optional: images, one MP4 video, or one PDF or PPTX document)</span>
      </label>
      <ul id={limitsId} className="text-sm text-slate-600">
        {limitsText(platforms).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <input
        id={inputId}
        type="file"
        multiple
        accept={MEDIA_ACCEPT}
        onChange={choose}
        aria-describedby={limitsId}
        className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-800 file:shadow-sm file:ring-1 file:ring-slate-300 file:ring-inset hover:file:bg-slate-50"
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {items.length > 0 && (
        <ol aria-label="Attached media" className="flex flex-col gap-2">
          {items.map((item, index) => (
            <MediaRow key={item.key} item={item} index={index} count={items.length} altLimit={altLimit} attachments={attachments} />
          ))}
        </ol>
      )}
      {items[0]?.kind === 'document' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={titleId} className="text-sm font-medium text-slate-800">
            Document title <span className="font-normal text-slate-500">(LinkedIn shows it above the document)</span>
          </label>
          <input
            id={titleId}
            type="text"
            value={attachments.documentTitle}
            maxLength={MEDIA_LIMITS.linkedin.documentTitleLength}
            onChange={(event) => attachments.setDocumentTitle(event.target.value)}
            className={fieldClass}
          />
        </div>
      )}
    </div>
  );
}
