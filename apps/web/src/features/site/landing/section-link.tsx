import type { ComponentProps, MouseEvent } from 'react';
import type { SectionId } from './section-nav';

export type SectionHandler = (id: SectionId, event: MouseEvent<HTMLAnchorElement>) => void;

/** An in-page anchor to a landing section; the page's handler scrolls smoothly and highlights it. */
export function SectionLink({
  section,
  onSection,
  active,
  ...rest
}: Omit<ComponentProps<'a'>, 'href' | 'onClick'> & { section: SectionId; onSection: SectionHandler; active?: boolean }) {
  return <a href={`#${section}`} aria-current={active ? 'true' : undefined} onClick={(event) => onSection(section, event)} {...rest} />;
}
