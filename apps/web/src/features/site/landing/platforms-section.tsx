import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/cx';
import { FacebookIcon, InstagramIcon, LinkedInIcon, TikTokIcon, XIcon } from '../../../components/ui/icons';
import { PinterestIcon } from '../components/site-icons';
import { revealStyle } from './section-nav';
import { useReveal } from './use-reveal';

interface Platform {
  name: string;
  icon: ReactNode;
  live: boolean;
  text?: string;
}

/** docs/product.md, Public site · Landing page: X and LinkedIn today; Facebook, Instagram, Pinterest and TikTok are coming. */
export const platforms: readonly Platform[] = [
  {
    name: 'X (Twitter)',
    icon: <XIcon className="size-6 text-slate-900" />,
    live: true,
    text: 'Text and an image, counted the way X counts characters, so a post that fits in Postflow fits on X.',
  },
  {
    name: 'LinkedIn',
    icon: <LinkedInIcon className="size-6 text-[#0a66c2]" />,
    live: true,
    text: 'Post as yourself or as a company page you administer, up to 3,000 characters.',
  },
  { name: 'Facebook', icon: <FacebookIcon className="size-6 text-[#0866ff]" />, live: false },
  { name: 'Instagram', icon: <InstagramIcon className="size-6 text-[#c13584]" />, live: false },
  { name: 'Pinterest', icon: <PinterestIcon className="size-6 text-[#e60023]" />, live: false },
  { name: 'TikTok', icon: <TikTokIcon className="size-6 text-slate-900" />, live: false },
];

export function PlatformsSection() {
  const { ref, revealed } = useReveal<HTMLUListElement>();
  return (
    <section
      id="platforms"
      aria-labelledby="platforms-title"
      tabIndex={-1}
      className="scroll-mt-16 bg-slate-50 py-16 focus:outline-none md:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-strong uppercase">Platforms</p>
          <h2 id="platforms-title" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            X and LinkedIn today, more on the way
          </h2>
          <p className="mt-4 text-lg text-slate-600">Connect both and publish to them in one step, each with text made for it.</p>
        </div>
        <ul ref={ref} className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {platforms.map((platform, index) => {
            const reveal = revealStyle(revealed, index);
            return (
              <li
                key={platform.name}
                style={reveal.style}
                className={cx('flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200', reveal.className)}
              >
                <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-50 ring-1 ring-slate-200">
                  {platform.icon}
                </span>
                <div>
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{platform.name}</h3>
                    {platform.live ? (
                      <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
                        Available
                      </span>
                    ) : (
                      <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
                        Coming soon
                      </span>
                    )}
                  </div>
                  {platform.text && <p className="mt-1 text-sm text-slate-600">{platform.text}</p>}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
