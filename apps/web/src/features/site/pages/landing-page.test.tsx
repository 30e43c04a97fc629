import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { PROMO_DISMISSED_KEY } from '../landing/promo-bar';

/** Stands in for the browser's IntersectionObserver so a test can say which sections cross the band. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly elements = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.add(element);
  }
  unobserve(element: Element) {
    this.elements.delete(element);
  }
  disconnect() {
    this.elements.clear();
  }
  takeRecords() {
    return [];
  }
  /** Reports sections entering (true) or leaving (false) the observed area. */
  report(changes: Record<string, boolean>) {
    const entries = Object.entries(changes).map(([id, isIntersecting]) => ({
      target: [...this.elements].find((element) => element.id === id) as Element,
      isIntersecting,
    }));
    act(() => this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver));
  }
}

const sectionObserver = () => {
  const observer = FakeIntersectionObserver.instances.find((candidate) => candidate.options.rootMargin === '-40% 0px -55% 0px');
  if (!observer) throw new Error('the section observer was not created');
  return observer;
};

function touch(element: Element, type: 'touchstart' | 'touchend', x: number, y: number) {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, type === 'touchstart' ? 'touches' : 'changedTouches', { value: [{ clientX: x, clientY: y }] });
  Object.defineProperty(event, type === 'touchstart' ? 'changedTouches' : 'touches', {
    value: type === 'touchstart' ? [{ clientX: x, clientY: y }] : [],
  });
  act(() => {
    element.dispatchEvent(event);
  });
}

function swipe(element: Element, fromX: number, toX: number) {
  touch(element, 'touchstart', fromX, 300);
  touch(element, 'touchend', toX, 305);
}

async function openLanding(path = '/') {
  mockApi();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Write once. Publish to X and LinkedIn, right on time.' });
  return app;
}

describe('landing page', () => {
  let scrollIntoView: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    window.history.replaceState(null, '', '/');
  });

  it('scrolls to a section from the header, marks its anchor as current and puts it in the address', async () => {
    const { user } = await openLanding();
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    expect(within(sections).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'true');

    await user.click(within(sections).getByRole('link', { name: 'Features' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('features'));
    expect(document.getElementById('features')).toHaveFocus();
    expect(within(sections).getByRole('link', { name: 'Features' })).toHaveAttribute('aria-current', 'true');
    expect(within(sections).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(window.location.hash).toBe('#features');
  });

  it('jumps without animation when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduced-motion') || query.includes('max-width'),
      addEventListener() {},
      removeEventListener() {},
    }));
    const { user } = await openLanding();

    await user.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Pricing' }));

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('highlights the anchor of the section being read as the page scrolls', async () => {
    await openLanding();
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    const observer = sectionObserver();
    expect([...observer.elements].map((element) => element.id)).toEqual(['home', 'features', 'platforms', 'pricing']);

    observer.report({ home: false, platforms: true });
    expect(within(sections).getByRole('link', { name: 'Platforms' })).toHaveAttribute('aria-current', 'true');
    expect(within(screen.getByRole('navigation', { name: 'Quick navigation' })).getByRole('link', { name: 'Platforms' })).toHaveAttribute(
      'aria-current',
      'true',
    );

    // Between sections (the call to action) the last one stays lit.
    observer.report({ platforms: false });
    expect(within(sections).getByRole('link', { name: 'Platforms' })).toHaveAttribute('aria-current', 'true');
  });

  it('gives the header its scrolled style after 50 px', async () => {
    await openLanding();
    const header = screen.getAllByRole('banner')[0] as HTMLElement;
    expect(header).toHaveAttribute('data-scrolled', 'false');
    try {
      Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
      fireEvent.scroll(window);
      expect(header).toHaveAttribute('data-scrolled', 'true');
      Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
      fireEvent.scroll(window);
      expect(header).toHaveAttribute('data-scrolled', 'false');
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    }
  });

  it('sends both hero buttons to /login and each plan to registration with the plan chosen', async () => {
    await openLanding();

    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign in with X or LinkedIn' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Start for free' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Choose Creator' })).toHaveAttribute('href', '/register?plan=pro');
    expect(screen.getByRole('link', { name: 'Choose Scale' })).toHaveAttribute('href', '/register?plan=business');
    expect(screen.getByRole('link', { name: 'Choose Agency' })).toHaveAttribute('href', '/register?plan=enterprise');
    expect(screen.getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('opens registration with the chosen plan', async () => {
    const { user, router } = await openLanding();

    await user.click(screen.getByRole('link', { name: 'Choose Scale' }));

    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toBe('?plan=business');
    expect(screen.getByText(/You chose the Scale plan/)).toBeInTheDocument();
  });

  it('shows the four plans, the annual discount and the FAQ statements', async () => {
    await openLanding();
    const pricing = within(document.getElementById('pricing') as HTMLElement);

    for (const [name, price] of [
      ['Starter', '$0'],
      ['Creator', '$9.99'],
      ['Scale', '$24.99'],
      ['Agency', '$49.99'],
    ] as const) {
      expect(within(pricing.getByRole('article', { name })).getByText(price)).toBeInTheDocument();
    }
    expect(within(pricing.getByRole('article', { name: 'Creator' })).getByText('Most popular')).toBeInTheDocument();
    expect(within(pricing.getByRole('article', { name: 'Starter' })).getByText('2 social accounts')).toBeInTheDocument();
    expect(pricing.getByText('20% discount for annual billing')).toBeInTheDocument();
    expect(pricing.getByText(/30-day money-back guarantee/)).toBeInTheDocument();
    expect(pricing.getByText('Yes. You can cancel your plan at any time.')).toBeInTheDocument();
    expect(pricing.getByText(/small overage fee/)).toBeInTheDocument();
    expect(pricing.getByText(/X \(Twitter\) and LinkedIn, today/)).toBeInTheDocument();
  });

  it('lists X and LinkedIn as available and four networks as coming soon', async () => {
    await openLanding();
    const platforms = within(document.getElementById('platforms') as HTMLElement);

    expect(platforms.getAllByText('Available')).toHaveLength(2);
    expect(platforms.getAllByText('Coming soon')).toHaveLength(4);
    for (const name of ['X (Twitter)', 'LinkedIn']) {
      expect(within(platforms.getByRole('heading', { name }).closest('li') as HTMLElement).getByText('Available')).toBeInTheDocument();
    }
    for (const name of ['Facebook', 'Instagram', 'Pinterest', 'TikTok']) {
      expect(within(platforms.getByRole('heading', { name }).closest('li') as HTMLElement).getByText('Coming soon')).toBeInTheDocument();
    }
  });

  it('hides the promo bar for good once dismissed', async () => {
    const first = await openLanding();
    const offer = screen.getByRole('complementary', { name: 'Offer' });
    expect(within(offer).getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '#pricing');

    await first.user.click(within(offer).getByRole('button', { name: 'Dismiss offer' }));

    expect(screen.queryByRole('complementary', { name: 'Offer' })).not.toBeInTheDocument();
    expect(localStorage.getItem(PROMO_DISMISSED_KEY)).toBe('1');
    first.unmount();
    await openLanding();
    expect(screen.queryByRole('complementary', { name: 'Offer' })).not.toBeInTheDocument();
  });

  it('opens the menu with its button and closes it with Escape, returning focus', async () => {
    const { user } = await openLanding();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(menu).getByRole('link', { name: 'Start Free' })).toHaveAttribute('href', '/register');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('opens the menu on a leftward swipe over 50 px and closes it on a rightward one', async () => {
    await openLanding();
    const page = screen.getByRole('main');

    swipe(page, 300, 260);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();

    swipe(page, 300, 240);
    const menu = screen.getByRole('dialog', { name: 'Menu' });

    swipe(menu, 100, 160);
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('closes the menu and scrolls when a section is chosen in it', async () => {
    const { user } = await openLanding();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Pricing' }));

    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('pricing'));
    expect(document.getElementById('pricing')).toHaveFocus();
  });

  it('goes to the section named in the address when opened as /#pricing', async () => {
    await openLanding('/#pricing');

    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('pricing'));
  });

  it('opens the plans when /pricing is typed, signed out, instead of the sign-in page', async () => {
    await openLanding('/pricing');

    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('pricing'));
  });

  it('links the footer to the guides, contact and legal pages', async () => {
    await openLanding();
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));

    expect(footer.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/guides');
    expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(/AGPL-3.0/)).toBeInTheDocument();
  });
});
