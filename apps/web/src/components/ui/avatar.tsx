import { useState } from 'react';
import { avatarLetter } from '../../lib/user-display';
import { cx } from './cx';

const sizes = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-16 text-2xl' } as const;

/**
 * A round picture, or the first letter of `name` when there is no picture or it fails to load.
 * Decorative by default: the name is expected next to it.
 */
export function Avatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  // Remember which address failed, so a new address gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;
  const classes = cx('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', sizes[size], className);

  if (showImage && src) {
    return <img src={src} alt="" className={cx(classes, 'bg-slate-200 object-cover')} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span aria-hidden="true" className={cx(classes, 'bg-brand font-semibold text-white')}>
      {avatarLetter(name)}
    </span>
  );
}
