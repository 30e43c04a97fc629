import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cx } from '../../../components/ui/cx';
import { SitePage } from '../components/site-page';
import { ArrowRightIcon, BookIcon, SearchIcon } from '../components/site-icons';
import { focusRing, textLinkClass } from '../components/site-links';
import { guideCategories } from '../guides/guide-types';
import { searchGuides } from '../guides/guide-search';
import { guides } from '../guides/guides-content';

/** docs/product.md, Public site · Guides: four categories, a card per guide, a search box, and 'Contact Support'. */
export function GuidesPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const found = searchGuides(guides, query);
  const searchId = useId();

  function onSearch(value: string) {
    setParams(value ? { q: value } : {}, { replace: true, preventScrollReset: true });
  }

  return (
    <SitePage title="Guides" width="wide" lead="How to get the most out of Postflow, from your first post to running it for your team.">
      <div role="search" className="mt-8 max-w-xl">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          Search guides
        </label>
        <div className="relative mt-1.5">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500" />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Scheduling, time zones, API…"
            autoComplete="off"
            className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-10 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand sm:text-sm"
          />
        </div>
        <p role="status" className="mt-2 text-sm text-slate-600">
          {query.trim() ? (found.length === 1 ? '1 guide matches.' : found.length > 1 ? `${found.length} guides match.` : '') : ''}
        </p>
      </div>

      {found.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-slate-50 p-8 text-center ring-1 ring-slate-200">
          <p className="text-lg font-semibold text-slate-900">No guides match “{query.trim()}”.</p>
          <p className="mt-2 text-slate-600">Try another word, or ask us directly.</p>
          <button type="button" onClick={() => onSearch('')} className={cx('mt-4', textLinkClass)}>
            Clear search
          </button>
        </div>
      ) : (
        guideCategories.map((category) => {
          const inCategory = found.filter((guide) => guide.category === category);
          if (inCategory.length === 0) return null;
          const headingId = `${searchId}-${category.replace(/\s+/g, '-').toLowerCase()}`;
          return (
            <section key={category} aria-labelledby={headingId} className="mt-10">
              <h2 id={headingId} className="text-xl font-semibold text-slate-900">
                {category}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {inCategory.map((guide) => (
                  <li key={guide.slug}>
                    <article className="relative flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand">
                      <BookIcon className="text-brand" />
                      <h3 className="mt-3 font-semibold text-slate-900">
                        <Link to={`/guides/${guide.slug}`} className="after:absolute after:inset-0 focus:outline-none">
                          {guide.title}
                        </Link>
                      </h3>
                      <p className="mt-2 flex-1 text-sm text-slate-600">{guide.summary}</p>
                      <p aria-hidden="true" className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-strong">
                        Read guide <ArrowRightIcon className="size-4" />
                      </p>
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}

      <section aria-labelledby="support-title" className="mt-14 rounded-2xl bg-brand-soft p-6 sm:p-8">
        <h2 id="support-title" className="text-xl font-semibold text-slate-900">
          Still stuck?
        </h2>
        <p className="mt-2 text-slate-700">Tell us what you were trying to do and we will help.</p>
        <Link
          to="/contact"
          className={cx(
            'mt-4 inline-flex h-10 items-center rounded-lg bg-brand px-4 text-sm font-medium text-white shadow-sm hover:bg-brand-strong',
            focusRing,
          )}
        >
          Contact Support
        </Link>
      </section>
    </SitePage>
  );
}
