import { ANNUAL_DISCOUNT_PERCENT, MONEY_BACK_DAYS, plans, type Plan, type PlanId } from '@postflow/contract/client';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { CheckIcon } from '../components/site-icons';
import { textLinkClass } from '../components/site-links';
import { revealStyle } from './section-nav';
import { useReveal } from './use-reveal';

/**
 * docs/product.md, Public site · Pricing: Starter → /register, the others → /register?plan={id}, which
 * registration turns into a request the instance's operator sees (docs/decisions/132-plans-per-workspace.md).
 */
export function planHref(id: PlanId): string {
  return id === 'free' ? '/register' : `/register?plan=${id}`;
}

const planCta: Record<PlanId, string> = {
  free: 'Start for free',
  pro: 'Choose Creator',
  business: 'Choose Scale',
  enterprise: 'Choose Agency',
};

export const faq: ReadonlyArray<{ question: string; answer: string }> = [
  {
    question: 'Is there a money-back guarantee?',
    answer: `Yes. Every paid plan comes with a ${MONEY_BACK_DAYS}-day money-back guarantee.`,
  },
  { question: 'Can I cancel anytime?', answer: 'Yes. You can cancel your plan at any time.' },
  {
    question: 'Is there a discount for paying yearly?',
    answer: `Yes: annual billing comes with a ${ANNUAL_DISCOUNT_PERCENT}% discount.`,
  },
  {
    question: 'What if I post more than my plan allows?',
    answer: 'On paid plans, posts above the daily limit are charged a small overage fee instead of being blocked.',
  },
  {
    question: 'Which networks are supported?',
    answer: 'X (Twitter) and LinkedIn, today. Facebook, Instagram, Pinterest and TikTok are coming soon.',
  },
  {
    question: 'Can I run Postflow myself?',
    answer:
      'Yes. Postflow is open source: install it on your own server and it runs with its own database, AI and sandbox, offline if you like.',
  },
];

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

export function PricingSection() {
  const { ref, revealed } = useReveal<HTMLUListElement>();
  return (
    <section id="pricing" aria-labelledby="pricing-title" tabIndex={-1} className="scroll-mt-16 py-16 focus:outline-none md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">Pricing</p>
          <h2 id="pricing-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Start free, grow when you need to
          </h2>
          <p className="mt-4 text-lg text-slate-600">Monthly prices in US dollars.</p>
          <p className="mt-4 inline-flex rounded-full bg-green-50 px-3 py-1 text-sm font-semibold text-green-800 ring-1 ring-green-200">
            {ANNUAL_DISCOUNT_PERCENT}% discount for annual billing
          </p>
        </div>
        <ul ref={ref} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan, index) => {
            const reveal = revealStyle(revealed, index);
            return (
              <li key={plan.id} style={reveal.style} className={cx('flex', reveal.className)}>
                <PlanCard plan={plan} />
              </li>
            );
          })}
        </ul>
        <div className="mx-auto mt-16 max-w-3xl">
          <h3 className="text-2xl font-bold tracking-tight text-slate-900">Frequently asked questions</h3>
          <div className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
            {faq.map((item) => (
              <details key={item.question} className="group px-5 py-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <span aria-hidden="true" className="text-xl leading-none text-slate-500 transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="mt-3 text-slate-600">{item.answer}</p>
              </details>
            ))}
          </div>
          <p className="mt-6 text-center text-slate-600">
            Another question?{' '}
            <Link to="/contact" className={textLinkClass}>
              Write to us
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'relative flex w-full flex-col rounded-2xl bg-white p-6 shadow-sm',
        plan.mostPopular ? 'ring-2 ring-brand' : 'ring-1 ring-slate-200',
      )}
    >
      {plan.mostPopular && (
        <p className="absolute -top-3 left-6 rounded-full bg-brand px-3 py-0.5 text-xs font-semibold text-white">Most popular</p>
      )}
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{plan.tagline}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{money.format(plan.priceUsd)}</span>
        <span className="text-sm text-slate-600">{plan.period === 'forever' ? 'forever' : '/ month'}</span>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="size-5 text-brand" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to={planHref(plan.id)}
        className={cx(buttonClasses({ variant: plan.mostPopular ? 'primary' : 'secondary', fullWidth: true }), 'mt-8')}
      >
        {planCta[plan.id]}
      </Link>
    </article>
  );
}
