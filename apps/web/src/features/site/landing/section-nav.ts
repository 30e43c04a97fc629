/** The landing page's anchors (docs/product.md, Public site · Landing page), in page order. */
export const landingSections = [
  { id: 'home', label: 'Home' },
  { id: 'features', label: 'Features' },
  { id: 'platforms', label: 'Platforms' },
  { id: 'pricing', label: 'Pricing' },
] as const;
export type SectionId = (typeof landingSections)[number]['id'];
export const sectionIds: readonly SectionId[] = landingSections.map((section) => section.id);

/** The header counts as scrolled after 50 px. */
export const SCROLLED_AFTER_PX = 50;
/** A horizontal swipe over 50 px opens or closes the mobile menu. */
export const SWIPE_MIN_PX = 50;

export function isScrolled(scrollY: number, threshold = SCROLLED_AFTER_PX): boolean {
  return scrollY > threshold;
}

/**
 * The section to highlight: the first, in page order, that crosses the band the observer watches (a thin
 * strip across the upper middle of the viewport). When none does (the call to action, the footer), the
 * previous one stays highlighted.
 */
export function pickActiveSection(order: readonly SectionId[], inBand: ReadonlySet<string>, previous: SectionId): SectionId {
  return order.find((id) => inBand.has(id)) ?? previous;
}

export function sectionFromHash(hash: string): SectionId | null {
  const id = hash.replace(/^#/, '');
  return (sectionIds as readonly string[]).includes(id) ? (id as SectionId) : null;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * What a finished touch gesture does to the menu, which slides in from the right: a leftward swipe of more
 * than `minDistance` pulls it in, a rightward one pushes it away. Mostly vertical gestures are page
 * scrolling and do nothing.
 */
export function swipeAction(start: Point, end: Point, menuOpen: boolean, minDistance = SWIPE_MIN_PX): 'open' | 'close' | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) <= minDistance || Math.abs(dx) <= Math.abs(dy)) return null;
  if (dx < 0 && !menuOpen) return 'open';
  if (dx > 0 && menuOpen) return 'close';
  return null;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls a section under the sticky header (its `scroll-margin-top` leaves room) and moves keyboard focus
 * there, so the next Tab continues from the section rather than from the header. Smooth unless the visitor
 * asked for reduced motion.
 */
export function scrollToSection(id: string, options: { smooth?: boolean; focus?: boolean } = {}): void {
  const target = document.getElementById(id);
  if (!target) return;
  const smooth = (options.smooth ?? true) && !prefersReducedMotion();
  // jsdom (the component tests) has no scrollIntoView.
  target.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  if (options.focus) target.focus({ preventScroll: true });
}

/** Cards come in one after another, 0.1 s apart. */
export const CARD_STAGGER_S = 0.1;

/** The classes and delay of the `index`th card of a grid that `revealed` (see useReveal). */
export function revealStyle(revealed: boolean, index: number): { className: string; style: { transitionDelay?: string } } {
  return {
    className: revealed
      ? 'motion-safe:transition motion-safe:duration-500 motion-safe:ease-out'
      : 'motion-safe:translate-y-4 motion-safe:opacity-0',
    style: revealed ? { transitionDelay: `${(index * CARD_STAGGER_S).toFixed(1)}s` } : {},
  };
}
