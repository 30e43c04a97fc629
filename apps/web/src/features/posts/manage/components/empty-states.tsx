import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../../components/ui/button';
import { cx } from '../../../../components/ui/cx';
import { RefreshIcon } from '../../../../components/ui/icons';
import { CalendarIcon, ClockIcon } from '../../../../components/ui/line-icons';
import { useCan } from '../../../../lib/workspace';

/** A grid with nothing in it: a title, a line under it, and the step that fills it when there is one. */
export function EmptyMessage({ title, children, action }: { title: string; children: string; action?: { label: string; to: string } }) {
  return (
    <div role="status" className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
      {action && (
        <Link to={action.to} className={cx(buttonClasses({ size: 'sm' }), 'mt-4')}>
          {action.label}
        </Link>
      )}
    </div>
  );
}

const FEATURES = [
  { Icon: CalendarIcon, title: 'Plan ahead', text: 'Write when you have time; Postflow publishes at the moment you choose.' },
  { Icon: ClockIcon, title: 'Post at the right time', text: 'Reach your audience on X and LinkedIn when they are most active.' },
  { Icon: RefreshIcon, title: 'Stay consistent', text: 'Keep a steady rhythm without having to be online every day.' },
];

/** docs/product.md, Profile · Post lists: the 'No Scheduled Posts Yet' card, three feature blurbs and a way to the wizard. */
export function NoScheduledPostsCard() {
  const titleId = useId();
  const writes = useCan('editor');
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-brand-soft p-6 ring-1 ring-blue-200 ring-inset">
      <h3 id={titleId} className="text-lg font-semibold text-blue-950">
        No Scheduled Posts Yet
      </h3>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {FEATURES.map(({ Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-1">
            <span className="inline-flex items-center gap-2 font-medium text-blue-950">
              <Icon className="size-5 text-brand" />
              {title}
            </span>
            <span className="text-sm text-blue-900">{text}</span>
          </li>
        ))}
      </ul>
      {writes && (
        <Link to="/create-post" className={cx(buttonClasses(), 'mt-6')}>
          Create Your First Scheduled Post
        </Link>
      )}
    </section>
  );
}
