import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { LinkedInIcon, XIcon } from '../../../components/ui/icons';
import { ArrowRightIcon, CalendarClockIcon, SparkleIcon } from '../components/site-icons';

/** The first screen. Its text is the largest paint, so nothing in it waits for an image or a font. */
export function HeroSection() {
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      tabIndex={-1}
      className="-mt-16 scroll-mt-16 bg-gradient-to-b from-brand-soft via-white to-white pt-16 focus:outline-none"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 md:grid-cols-[1.1fr_1fr] md:pt-20 md:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
            <SparkleIcon className="size-4 text-brand" />
            Open source · Self-hosted · Works offline
          </p>
          <h1 id="home-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Write once. Publish to X and LinkedIn, right on time.
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-slate-600">
            Postflow tailors each post to its network with AI, schedules it in your time zone and sends it exactly once. Then it shows you
            what worked, from your own numbers.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/login" className={buttonClasses({ size: 'lg' })}>
              Get started
              <ArrowRightIcon />
            </Link>
            <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
              Sign in with X or LinkedIn
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">No API keys needed to try it: a built-in sandbox stands in for both networks.</p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

const X_EXAMPLE = 'Shipping day: scheduled posts now keep their time through daylight saving. #buildinpublic';

/** An example of one post tailored twice, drawn with HTML (no screenshot to download). */
function HeroPreview() {
  return (
    <figure className="hidden sm:block">
      <div className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span className="inline-flex items-center gap-2 font-medium text-slate-800">
            <CalendarClockIcon className="size-4 text-brand" />
            Tue 09:00 · Europe/Berlin
          </span>
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">Scheduled</span>
        </div>
        <div className="mt-4 rounded-xl border border-slate-200 p-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <XIcon className="size-4" /> X
          </p>
          <p className="mt-2 text-sm text-slate-700">{X_EXAMPLE}</p>
          <p className="mt-2 text-right text-xs text-slate-600">{X_EXAMPLE.length} / 280</p>
        </div>
        <div className="mt-3 rounded-xl border border-slate-200 p-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <LinkedInIcon className="size-4 text-[#0a66c2]" /> LinkedIn
          </p>
          <p className="mt-2 text-sm text-slate-700">
            We shipped something small that matters: scheduled posts now keep their exact time when the clocks change.
          </p>
          <p className="mt-2 text-sm text-slate-700">What would you want next? #ProductUpdate #Scheduling</p>
        </div>
      </div>
      <figcaption className="mt-3 text-center text-sm text-slate-600">One text, tailored for each network.</figcaption>
    </figure>
  );
}
