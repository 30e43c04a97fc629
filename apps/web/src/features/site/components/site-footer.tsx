import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { landingSections, type SectionId } from '../landing/section-nav';
import { CodeIcon } from './site-icons';
import { focusRing } from './site-links';

const footerLink = `rounded text-sm text-slate-600 hover:text-slate-950 hover:underline ${focusRing}`;

/**
 * The footer of every public page. On the landing page `onSection` scrolls in place; elsewhere the
 * section links go to `/#section`, which the landing page scrolls to when it opens.
 */
export function SiteFooter({ onSection }: { onSection?: (id: SectionId, event: MouseEvent<HTMLAnchorElement>) => void }) {
  const productLinks = landingSections.filter((section) => section.id !== 'home');
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-lg font-extrabold tracking-tight text-slate-900">Postflow</p>
          <p className="mt-2 max-w-xs text-sm text-slate-600">
            Write once, publish to X and LinkedIn on time, and learn from your own numbers.
          </p>
          <p className="mt-4 flex max-w-xs items-start gap-2 text-sm text-slate-600">
            <CodeIcon className="mt-0.5 size-4 text-slate-700" />
            <span>
              <strong className="font-semibold text-slate-800">Open source.</strong> Free software under the AGPL-3.0 licence: run it on
              your own server with one command.
            </span>
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          <FooterColumn title="Product">
            {productLinks.map((section) => (
              <li key={section.id}>
                {onSection ? (
                  <a href={`#${section.id}`} className={footerLink} onClick={(event) => onSection(section.id, event)}>
                    {section.label}
                  </a>
                ) : (
                  <Link to={{ pathname: '/', hash: section.id }} className={footerLink}>
                    {section.label}
                  </Link>
                )}
              </li>
            ))}
          </FooterColumn>
          <FooterColumn title="Resources">
            <li>
              <Link to="/guides" className={footerLink}>
                Guides
              </Link>
            </li>
            <li>
              <Link to="/contact" className={footerLink}>
                Contact
              </Link>
            </li>
          </FooterColumn>
          <FooterColumn title="Legal">
            <li>
              <Link to="/terms" className={footerLink}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
          </FooterColumn>
        </nav>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2">{children}</ul>
    </div>
  );
}
