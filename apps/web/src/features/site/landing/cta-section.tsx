import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 md:pb-24">
      <div className="mx-auto max-w-6xl rounded-3xl bg-slate-900 px-6 py-12 text-center sm:px-12 sm:py-16">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Your next post, on time and exactly once
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-300">
          Create an account, connect X and LinkedIn (or their sandbox stand-ins), and schedule your first post in a few minutes.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/register" className={buttonClasses({ size: 'lg' })}>
            Create your free account
          </Link>
          <Link
            to="/guides"
            className="inline-flex h-12 items-center justify-center rounded-lg px-5 text-base font-medium text-white ring-1 ring-white/40 ring-inset hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Read the guides
          </Link>
        </div>
      </div>
    </section>
  );
}
