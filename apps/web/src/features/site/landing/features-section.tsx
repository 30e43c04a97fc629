import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import { CalendarClockIcon, ChartIcon, LightbulbIcon, PlugIcon, RecycleIcon, ServerIcon } from '../components/site-icons';
import { revealStyle } from './section-nav';
import { useReveal } from './use-reveal';

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

/** What the landing page promises, said as Postflow really does it. */
export const features: readonly Feature[] = [
  {
    title: 'Smart scheduling',
    text: 'Pick a date and time in your own time zone. Postflow keeps that exact moment through daylight-saving changes, sends each post exactly once, and tells you why if a network refuses it.',
    icon: <CalendarClockIcon />,
  },
  {
    title: 'Analytics',
    text: 'Impressions, likes, comments and shares from X and LinkedIn, kept as snapshots so you see how each post grew. Insights come from your own numbers, with a confidence that reflects how many posts they rest on.',
    icon: <ChartIcon />,
  },
  {
    title: 'Content recycling',
    text: "Write once, publish everywhere: AI reshapes the same text for X's 280 characters and LinkedIn's longer format. Regenerate or edit each version before it goes out.",
    icon: <RecycleIcon />,
  },
  {
    title: 'Content ideas',
    text: 'Stuck for a topic? Ask for post ideas and hashtag suggestions, from the built-in offline AI or from any OpenAI-compatible model you connect.',
    icon: <LightbulbIcon />,
  },
  {
    title: 'Yours to run',
    text: 'Open source and self-hosted. One command starts the app with its own PostgreSQL; point it at your database and add workers when you grow.',
    icon: <ServerIcon />,
  },
  {
    title: 'Try it offline',
    text: 'No API keys to start: a built-in sandbox imitates X and LinkedIn, consent pages included, so every feature works before you connect the real networks.',
    icon: <PlugIcon />,
  },
];

export function FeaturesSection() {
  const { ref, revealed } = useReveal<HTMLUListElement>();
  return (
    <section id="features" aria-labelledby="features-title" tabIndex={-1} className="scroll-mt-16 py-16 focus:outline-none md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">Features</p>
          <h2 id="features-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            Post on time, learn what works
          </h2>
          <p className="mt-4 text-lg text-slate-600">Everything runs on your own server, and works offline from the first start.</p>
        </div>
        <ul ref={ref} className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature, index) => {
            const reveal = revealStyle(revealed, index);
            return (
              <li
                key={feature.title}
                style={reveal.style}
                className={cx('rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200', reveal.className)}
              >
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-soft text-brand">{feature.icon}</span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-600">{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
