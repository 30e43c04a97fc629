/** Shared looks of the public pages. */
export const textLinkClass =
  'rounded font-medium text-brand underline underline-offset-2 hover:text-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

export const navLinkClass =
  'rounded-md px-1 py-1 text-sm font-medium hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
