import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { IMAGE_ACCEPT, imageFileProblem } from '../image-file';

export interface ChosenImage {
  /** The file picked here; null for the image a saved draft keeps on the server. */
  file: File | null;
  /** An object URL for the preview (the wizard revokes it when the image is replaced or dropped), or the saved image's address. */
  previewUrl: string;
  /** Once uploaded to the draft: the stored image, which publishing names instead of sending the file again. */
  mediaId?: string;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** docs/product.md, Composer · Content: an optional JPG, PNG or GIF up to 10MB, checked here first and by the server by content. */
export function ImagePicker({
  image,
  onChoose,
  onRemove,
}: {
  image: ChosenImage | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const focusInputNext = useRef(false);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    setError(problem);
    // Let the same file be picked again after a refusal (the browser fires no change otherwise).
    event.target.value = '';
    if (!problem) onChoose(file);
  }

  function remove() {
    focusInputNext.current = true;
    onRemove();
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Image <span className="font-normal text-slate-500">(optional; JPG, PNG or GIF, up to 10MB)</span>
      </label>
      {image ? (
        <div className="flex items-center gap-3 rounded-lg bg-white p-2 ring-1 ring-slate-200 ring-inset">
          <img
            src={image.previewUrl}
            alt="Preview of the attached image"
            className="size-16 shrink-0 rounded-md bg-slate-100 object-cover"
          />
          <span className="flex min-w-0 flex-1 flex-col text-sm">
            <span className="truncate font-medium text-slate-900" title={image.file?.name}>
              {image.file?.name ?? 'Image saved with the draft'}
            </span>
            {image.file && <span className="text-slate-500">{formatSize(image.file.size)}</span>}
          </span>
          <Button variant="ghost" size="sm" onClick={remove}>
            Remove <span className="sr-only">image</span>
          </Button>
        </div>
      ) : (
        <input
          ref={(node) => {
            if (node && focusInputNext.current) {
              focusInputNext.current = false;
              node.focus();
            }
          }}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-lg file:border-0 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-800 file:shadow-sm file:ring-1 file:ring-slate-300 file:ring-inset hover:file:bg-slate-50"
        />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
