import { IMAGE_MAX_BYTES } from '@postflow/contract/client';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import { Spinner } from '../../../components/ui/spinner';

/** A check before sending, so an obvious mistake needs no round trip; the server checks the content itself. */
export function checkImageFile(file: File): string | null {
  // Uploads accept any image type; the server answers which ones it can store.
  if (!file.type.startsWith('image/')) return 'Choose an image file (JPG, PNG or GIF).';
  if (file.size > IMAGE_MAX_BYTES) return 'The image is larger than 10 MB. Choose a smaller one.';
  return null;
}

/**
 * A picture with a button to replace it. The file is sent as soon as it is chosen (the server
 * stores it on the profile right away), so the preview is always what the profile shows.
 */
export function ImageUploadField({
  label,
  buttonLabel,
  preview,
  uploading,
  disabled,
  onFile,
  className,
}: {
  label: string;
  buttonLabel: string;
  preview: ReactNode;
  uploading: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
  className?: string;
}) {
  const inputId = useId();
  const [inputKey, setInputKey] = useState(0);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // A fresh input each time, so choosing the same file again still fires a change.
    setInputKey((key) => key + 1);
    if (file) onFile(file);
  }

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <span className="text-sm font-medium text-slate-800">{label}</span>
      {preview}
      <div className="flex items-center gap-3">
        <input
          key={inputKey}
          id={inputId}
          type="file"
          accept="image/*"
          className="peer sr-only"
          disabled={disabled || uploading}
          onChange={choose}
        />
        <label
          htmlFor={inputId}
          aria-disabled={disabled || uploading || undefined}
          className={cx(
            'inline-flex h-8 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
          )}
        >
          {uploading && <Spinner size="sm" />}
          {uploading ? 'Uploading...' : buttonLabel}
        </label>
      </div>
    </div>
  );
}
