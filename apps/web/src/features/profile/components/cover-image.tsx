import { useState } from 'react';
import { cx } from '../../../components/ui/cx';

/**
 * The profile's cover, or a default one drawn in CSS (no outside image service) when there is none or
 * it fails to load. `className` replaces the default height.
 */
export function CoverImage({ src, className = 'h-36 sm:h-48' }: { src?: string | null; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cx('w-full', className);
  if (src && src !== failedSrc) {
    return <img src={src} alt="Cover image" className={cx(classes, 'bg-slate-200 object-cover')} onError={() => setFailedSrc(src)} />;
  }
  return <div role="img" aria-label="Default cover" className={cx(classes, 'bg-linear-to-r from-blue-600 via-indigo-500 to-violet-500')} />;
}
