import { MEDIA_LIMITS } from '@postflow/contract/client';
import { useId, useState, type ChangeEvent } from 'react';
import { MediaRow } from '../components/media-picker';
import { kindOf } from '../media-files';
import type { MediaItem, MediaListActions } from '../use-media-attachments';
import { THREAD_PART_IMAGES } from './thread-parts';

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/** Why these files cannot join this post of the thread, or null; the server checks again. */
export function partImagesProblem(files: readonly Pick<File, 'name' | 'type'>[], already: number): string | null {
  const other = files.find((file) => kindOf(file) !== 'image');
  if (other) return `${other.name} is not an image: each post of a thread takes images only (JPG, PNG or GIF).`;
  if (already + files.length > THREAD_PART_IMAGES)
    return `X takes up to ${THREAD_PART_IMAGES} images in each post; this one has ${already} already.`;
  return null;
}

/** One post's images in a thread: up to four, each uploaded at once, reordered, removed and described. */
export function PartImages({ label, items, actions }: { label: string; items: readonly MediaItem[]; actions: MediaListActions }) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Lets the same file be picked again after a removal (the browser fires no change otherwise).
    event.target.value = '';
    if (!files.length) return;
    const refused = partImagesProblem(files, items.length);
    setProblem(refused);
    if (!refused) actions.choose(files);
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm text-slate-700">
        {label} <span className="text-slate-500">(optional, up to {THREAD_PART_IMAGES})</span>
      </label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        onChange={choose}
        className="block w-full text-sm text-slate-700 file:mr-3 file:h-8 file:cursor-pointer file:rounded-lg file:border-0 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 file:shadow-sm file:ring-1 file:ring-slate-300 file:ring-inset hover:file:bg-slate-50"
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {items.length > 0 && (
        <ol aria-label={`${label}: attached`} className="flex flex-col gap-2">
          {items.map((item, index) => (
            <MediaRow
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              altLimit={MEDIA_LIMITS.x.altTextLength}
              attachments={{
                ...actions,
                // Removing clears a refusal that was about how many there were.
                remove: (key) => {
                  setProblem(null);
                  actions.remove(key);
                },
              }}
            />
          ))}
        </ol>
      )}
    </div>
  );
}
