import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import { HomeIcon, SparkleIcon, TagIcon } from '../components/site-icons';
import { GlobeIcon } from '../../../components/ui/icons';
import { focusRing } from '../components/site-links';
import { SectionLink, type SectionHandler } from './section-link';
import { landingSections, type SectionId } from './section-nav';

const icons: Record<SectionId, ReactNode> = {
  home: <HomeIcon />,
  features: <SparkleIcon />,
  platforms: <GlobeIcon />,
  pricing: <TagIcon />,
};

/** The small-screen bar of section anchors along the bottom edge. */
export function BottomNav({ active, onSection }: { active: SectionId; onSection: SectionHandler }) {
  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
        {landingSections.map((section) => (
          <li key={section.id}>
            <SectionLink
              section={section.id}
              onSection={onSection}
              active={active === section.id}
              className={cx(
                'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                focusRing,
                active === section.id ? 'text-brand-strong' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {icons[section.id]}
              {section.label}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
