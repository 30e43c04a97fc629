import { useState } from 'react';
import { cx } from './cx';

// Tailwind classes written out in full so the build keeps them; all carry white text at WCAG AA.
const COLOURS = [
  'bg-blue-600',
  'bg-emerald-700',
  'bg-violet-600',
  'bg-rose-600',
  'bg-amber-700',
  'bg-cyan-700',
  'bg-fuchsia-700',
  'bg-slate-600',
];

/** Up to two letters: the first of the first and of the last word ('Ada Lovelace' → 'AL'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toLocaleUpperCase() || 'U';
}

/** The same name always gets the same colour. */
export function colourFor(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? 'bg-slate-600';
}

/**
 * A picture, or — when there is none or it fails to load — the initials on a colour drawn here
 * (the original app used an outside avatar service; nothing leaves the browser for this).
 */
export function ProfileAvatar({ name, src, label, className }: { name: string; src?: string | null; label?: string; className?: string }) {
  // Remember which address failed, so a new address (a fresh upload) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cx('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full', className);
  if (src && src !== failedSrc) {
    return <img src={src} alt={label ?? ''} className={cx(classes, 'bg-slate-200 object-cover')} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-initials={initials(name)}
      className={cx(classes, 'font-semibold text-white select-none', colourFor(name))}
    >
      {initials(name)}
    </span>
  );
}
