import type { ReactNode } from 'react';
import { cx } from './cx';

export interface IconProps {
  className?: string;
  /** Names the icon for assistive technology; without it the icon is decorative. */
  label?: string;
}

/** The frame every inline icon shares: 24×24, stroked (or filled), decorative unless labelled. */
export function Svg({ className, label, children, filled = false }: IconProps & { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cx('size-5 shrink-0', className)}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={filled ? undefined : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      {children}
    </svg>
  );
}
