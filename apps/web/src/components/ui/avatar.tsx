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

/** The same name always gets the same colour, wherever it is drawn. */
export function colourFor(name: string): string {
  let hash = 0;
  for (const character of name.trim()) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[hash % COLOURS.length] ?? 'bg-slate-600';
}

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

/**
 * The one avatar of the app (docs/decisions/124-one-identity-per-post.md): the identity's picture,
 * or — when there is none or it fails to load — its initials on a colour drawn from its name, so
 * the same person, account or page looks the same in the header, on the profile and on every card.
 * Decorative unless `label` is given (the name is expected next to it). Nothing leaves the browser
 * for the initials.
 */
export function Avatar({
  name,
  src,
  size = 'md',
  label,
  className,
}: {
  name: string;
  src?: string | null;
  /** 'custom': `className` sets the size. */
  size?: keyof typeof sizes | 'custom';
  label?: string;
  className?: string;
}) {
  // Remember which address failed, so a new address (a fresh upload) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    size !== 'custom' && sizes[size],
    className,
  );
  if (src && src !== failedSrc) {
    return <img src={src} alt={label ?? ''} className={cx(classes, 'bg-slate-200 object-cover')} onError={() => setFailedSrc(src)} />;
  }
  const letters = initials(name);
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-initials={letters}
      className={cx(classes, 'font-semibold text-white select-none', colourFor(name))}
    >
      {letters}
    </span>
  );
}
