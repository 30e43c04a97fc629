import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { AnalyticsIcon } from '../../../components/ui/icons';
import { useCan } from '../../../lib/workspace';

export type NoDataReason = { kind: 'no-accounts' } | { kind: 'network-not-connected'; name: string } | { kind: 'no-posts' };

/**
 * docs/product.md, Analytics · Sections: with no data, a panel leads on: connect an account when none (or not the chosen one) is
 * connected, otherwise write a post. The actions are links, styled as buttons, since they navigate.
 */
export function NoDataPanel({ reason }: { reason: NoDataReason }) {
  const [title, text] =
    reason.kind === 'no-accounts'
      ? ['No analytics yet', 'Connect your X or LinkedIn account and publish a post to see how it does.']
      : reason.kind === 'network-not-connected'
        ? [`No ${reason.name} account connected`, `Connect your ${reason.name} account to see its analytics.`]
        : ['No published posts in this range', 'Publish a post, or choose a longer range, to see its figures here.'];
  const connect = reason.kind !== 'no-posts';
  const canTakeStep = useCan(connect ? 'admin' : 'editor');
  return (
    <section
      aria-labelledby="analytics-no-data"
      className="flex flex-col items-center gap-3 rounded-xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
    >
      <AnalyticsIcon className="size-10 text-slate-400" />
      <h2 id="analytics-no-data" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="max-w-md text-sm text-slate-600">{text}</p>
      {canTakeStep && (
        <Link to={connect ? '/connect-accounts' : '/create-post'} className={buttonClasses()}>
          {connect ? 'Connect Accounts' : 'Create a post'}
        </Link>
      )}
    </section>
  );
}
