import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { SitePage } from '../components/site-page';
import { textLinkClass } from '../components/site-links';
import type { GuideBlock } from '../guides/guide-types';
import { guideBySlug, guides } from '../guides/guides-content';
import { InlineText } from '../guides/inline-text';

/** One guide (`/guides/:slug`); an unknown slug gets a friendly page that leads back to the list. */
export function GuidePage() {
  const { slug = '' } = useParams();
  const guide = guideBySlug(slug);

  if (!guide) {
    return (
      <SitePage title="Guide not found" lead="We could not find a guide at this address. It may have been renamed.">
        <Link to="/guides" className={`${buttonClasses()} mt-8`}>
          Back to all guides
        </Link>
      </SitePage>
    );
  }

  const index = guides.indexOf(guide);
  const previous = guides[index - 1];
  const next = guides[index + 1];

  return (
    <SitePage
      title={guide.title}
      lead={guide.summary}
      before={
        <nav aria-label="Breadcrumb" className="mb-4 text-sm">
          <ol className="flex flex-wrap gap-1 text-slate-600">
            <li>
              <Link to="/guides" className={textLinkClass}>
                Guides
              </Link>
              <span aria-hidden="true"> / </span>
            </li>
            <li>{guide.category}</li>
          </ol>
        </nav>
      }
    >
      <nav aria-label="On this page" className="mt-8 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <h2 className="text-sm font-semibold text-slate-900">On this page</h2>
        <ol className="mt-2 flex list-decimal flex-col gap-1 pl-5 text-sm marker:text-slate-600">
          {guide.sections.map((section, position) => (
            <li key={section.heading}>
              <a href={`#section-${position + 1}`} className={textLinkClass}>
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {guide.sections.map((section, position) => (
        <section key={section.heading} aria-labelledby={`section-${position + 1}`} className="mt-10">
          <h2 id={`section-${position + 1}`} className="scroll-mt-4 text-2xl font-semibold tracking-tight text-slate-900">
            {section.heading}
          </h2>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </section>
      ))}

      <nav aria-label="More guides" className="mt-14 grid gap-4 border-t border-slate-200 pt-8 sm:grid-cols-2">
        {previous ? (
          <Link
            to={`/guides/${previous.slug}`}
            className="rounded-xl p-4 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <span className="block text-sm text-slate-600">Previous guide</span>
            <span className="font-semibold text-slate-900">{previous.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link
            to={`/guides/${next.slug}`}
            className="rounded-xl p-4 text-right ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand"
          >
            <span className="block text-sm text-slate-600">Next guide</span>
            <span className="font-semibold text-slate-900">{next.title}</span>
          </Link>
        )}
      </nav>
      <p className="mt-8 text-slate-600">
        Something missing or unclear?{' '}
        <Link to="/contact" className={textLinkClass}>
          Contact Support
        </Link>{' '}
        or go back to{' '}
        <Link to="/guides" className={textLinkClass}>
          all guides
        </Link>
        .
      </p>
    </SitePage>
  );
}

function Block({ block }: { block: GuideBlock }) {
  switch (block.type) {
    case 'p':
      return (
        <p className="mt-4 leading-7 text-slate-700">
          <InlineText text={block.text} />
        </p>
      );
    case 'list':
    case 'steps': {
      const List = block.type === 'steps' ? 'ol' : 'ul';
      return (
        <List className={`mt-4 flex flex-col gap-2 pl-6 leading-7 text-slate-700 ${block.type === 'steps' ? 'list-decimal' : 'list-disc'}`}>
          {block.items.map((item) => (
            <li key={item}>
              <InlineText text={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'code':
      return (
        <pre className="mt-4 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100" tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    case 'note':
      return (
        <p className="mt-4 rounded-xl bg-brand-soft p-4 leading-7 text-slate-800 ring-1 ring-blue-200">
          <strong className="font-semibold">Note: </strong>
          <InlineText text={block.text} />
        </p>
      );
  }
}
