import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { AnalyticsIcon, CreateIcon, LinkIcon } from '../../../components/ui/icons';
import { useCan } from '../../../lib/workspace';

const CalendarIcon = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" focusable="false">
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
  </svg>
);

export type ProFeature = 'Schedule Content' | 'View Analytics';

interface ActionCardProps {
  icon: ReactNode;
  title: string;
  description: string;
  action: 'Get Started' | 'Upgrade to Pro';
  badge?: ReactNode;
  highlighted?: boolean;
  /** A link to a screen, or a handler (the PRO prompt). */
  to?: string;
  onClick?: () => void;
}

/** One card: named by its title; its description, badge and call to action are read as its description. */
function ActionCard({ icon, title, description, action, badge, highlighted = false, to, onClick }: ActionCardProps) {
  const titleId = useId();
  const detailsId = useId();
  const className = cx(
    'group flex h-full w-full flex-col gap-3 rounded-xl p-5 text-left shadow-sm transition hover:shadow-md',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
    highlighted ? 'bg-brand-soft ring-2 ring-brand' : 'bg-white ring-1 ring-slate-200',
  );
  const body = (
    <>
      <span className="flex items-start justify-between gap-2">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-soft text-brand" aria-hidden="true">
          {icon}
        </span>
        {badge}
      </span>
      <span id={titleId} className="font-semibold text-slate-900">
        {title}
      </span>
      <span id={detailsId} className="flex flex-1 flex-col gap-3">
        <span className="text-sm text-slate-600">{description}</span>{' '}
        <span className="mt-auto text-sm font-medium text-brand group-hover:text-brand-strong">{action}</span>
      </span>
    </>
  );
  const labels = { 'aria-labelledby': titleId, 'aria-describedby': detailsId };
  return to ? (
    <Link to={to} className={className} {...labels}>
      {body}
    </Link>
  ) : (
    <button type="button" onClick={onClick} className={className} {...labels}>
      {body}
    </button>
  );
}

/**
 * docs/product.md, Dashboard · Quick actions and PRO prompt. Connect Accounts is highlighted while nothing is connected; the PRO cards
 * open the upgrade prompt instead of a feature.
 */
export function QuickActions({ connectedCount, onProFeature }: { connectedCount: number; onProFeature: (feature: ProFeature) => void }) {
  const headingId = useId();
  const noAccounts = connectedCount === 0;
  const writes = useCan('editor');
  const proBadge = <Badge tone="brand">PRO</Badge>;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Quick Actions
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <li>
          <ActionCard
            to="/connect-accounts"
            icon={<LinkIcon className="size-5" />}
            title="Connect Accounts"
            description={noAccounts ? 'Connect your social platforms' : 'Manage your social accounts'}
            badge={noAccounts ? <Badge tone="info">Start here</Badge> : undefined}
            highlighted={noAccounts}
            action="Get Started"
          />
        </li>
        {writes && (
          <li>
            <ActionCard
              to="/create-post"
              icon={<CreateIcon className="size-5" />}
              title="Create Post"
              description="Write once, publish to X and LinkedIn"
              action="Get Started"
            />
          </li>
        )}
        <li>
          <ActionCard
            onClick={() => onProFeature('Schedule Content')}
            icon={<CalendarIcon className="size-5" />}
            title="Schedule Content"
            description="Plan a calendar of posts for the best times"
            badge={proBadge}
            action="Upgrade to Pro"
          />
        </li>
        <li>
          <ActionCard
            onClick={() => onProFeature('View Analytics')}
            icon={<AnalyticsIcon className="size-5" />}
            title="View Analytics"
            description="Deeper reports on what works"
            badge={proBadge}
            action="Upgrade to Pro"
          />
        </li>
      </ul>
    </section>
  );
}
