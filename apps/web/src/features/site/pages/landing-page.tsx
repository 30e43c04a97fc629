import { useCallback, useEffect, useRef, useState, type MouseEvent, type TouchEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { SiteFooter } from '../components/site-footer';
import { SkipLink } from '../components/site-page';
import { BottomNav } from '../landing/bottom-nav';
import { CtaSection } from '../landing/cta-section';
import { FeaturesSection } from '../landing/features-section';
import { HeroSection } from '../landing/hero-section';
import { LandingHeader } from '../landing/landing-header';
import { MobileMenu } from '../landing/mobile-menu';
import { PlatformsSection } from '../landing/platforms-section';
import { PricingSection } from '../landing/pricing-section';
import { PromoBar } from '../landing/promo-bar';
import { scrollToSection, sectionFromHash, sectionIds, swipeAction, type Point, type SectionId } from '../landing/section-nav';
import { useActiveSection } from '../landing/use-active-section';
import { useScrolled } from '../landing/use-scrolled';

/** Tailwind's `md` breakpoint: below it the page has the menu, the bottom bar and the promo bar. */
const SMALL_SCREEN = '(max-width: 767.98px)';
const isSmallScreen = () => typeof window.matchMedia !== 'function' || window.matchMedia(SMALL_SCREEN).matches;

/** docs/product.md, Public site · Landing page: hero, features, platforms, pricing, call to action, footer. */
export function LandingPage() {
  const location = useLocation();
  const scrolled = useScrolled();
  const { active, select } = useActiveSection(sectionIds);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<Point | null>(null);

  // Opened as /#pricing (from another page's link): go straight there; the observer highlights it.
  useEffect(() => {
    const target = sectionFromHash(location.hash);
    if (target) scrollToSection(target, { smooth: false });
    else document.documentElement.scrollTop = 0;
  }, [location.hash, location.key]);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButtonRef.current?.focus();
  }, []);

  const onSection = useCallback(
    (id: SectionId, event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      // The page behind the menu is inert; it must be live again before focus can move into a section.
      if (menuOpen) flushSync(() => setMenuOpen(false));
      select(id);
      scrollToSection(id, { focus: true });
      window.history.replaceState(window.history.state, '', id === 'home' ? window.location.pathname : `#${id}`);
    },
    [menuOpen, select],
  );

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    touchStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  }

  function onTouchEnd(event: TouchEvent) {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || !isSmallScreen()) return;
    const action = swipeAction(start, { x: touch.clientX, y: touch.clientY }, menuOpen);
    if (action === 'open') setMenuOpen(true);
    if (action === 'close') closeMenu();
  }

  return (
    <div className="min-h-dvh bg-white pb-16 md:pb-0" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
      <title>Postflow · Publish and schedule posts to X and LinkedIn</title>
      <SkipLink />
      <div inert={menuOpen}>
        <PromoBar onSection={onSection} />
        <LandingHeader
          active={active}
          scrolled={scrolled}
          onSection={onSection}
          menuOpen={menuOpen}
          onOpenMenu={() => setMenuOpen(true)}
          menuButtonRef={menuButtonRef}
        />
        <main id="main-content" tabIndex={-1} className="focus:outline-none">
          <HeroSection />
          <FeaturesSection />
          <PlatformsSection />
          <PricingSection />
          <CtaSection />
        </main>
        <SiteFooter onSection={onSection} />
        <BottomNav active={active} onSection={onSection} />
      </div>
      <MobileMenu open={menuOpen} onClose={closeMenu} active={active} onSection={onSection} />
    </div>
  );
}
