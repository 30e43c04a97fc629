import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Wordmark } from '../../../components/ui/wordmark';

/** A placeholder landing page; the site issue builds the real one (hero, features, platforms, pricing). */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-soft to-white">
      <title>Postflow · Publish and schedule posts to X and LinkedIn</title>
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4 sm:px-6">
        <Wordmark />
        <Link to="/login" className={buttonClasses({ variant: 'ghost' })}>
          Log in
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:px-6">
        <h1 className="text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          Write once. Publish to X and LinkedIn.
        </h1>
        <p className="mt-4 max-w-xl text-lg text-pretty text-slate-600">
          Schedule posts, see your feed in one place and learn what works, on a server you run yourself.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/register" className={buttonClasses({ size: 'lg' })}>
            Start Free
          </Link>
          <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            Log in
          </Link>
        </div>
      </main>
    </div>
  );
}
