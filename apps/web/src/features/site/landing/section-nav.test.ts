import { describe, expect, it } from 'vitest';
import { isScrolled, pickActiveSection, revealStyle, sectionFromHash, sectionIds, swipeAction } from './section-nav';

describe('landing page navigation rules', () => {
  it('counts the header as scrolled only past 50 px', () => {
    expect(isScrolled(0)).toBe(false);
    expect(isScrolled(50)).toBe(false);
    expect(isScrolled(51)).toBe(true);
  });

  it('highlights the first section in page order that crosses the band, and keeps the last one between sections', () => {
    expect(pickActiveSection(sectionIds, new Set(['platforms']), 'home')).toBe('platforms');
    expect(pickActiveSection(sectionIds, new Set(['pricing', 'features']), 'home')).toBe('features');
    expect(pickActiveSection(sectionIds, new Set(), 'pricing')).toBe('pricing');
    expect(pickActiveSection(sectionIds, new Set(['not-a-section']), 'features')).toBe('features');
  });

  it('opens the menu on a leftward swipe over 50 px and closes it on a rightward one', () => {
    const start = { x: 300, y: 400 };
    expect(swipeAction(start, { x: 249, y: 400 }, false)).toBe('open');
    expect(swipeAction(start, { x: 250, y: 400 }, false)).toBeNull();
    expect(swipeAction(start, { x: 351, y: 400 }, true)).toBe('close');
    expect(swipeAction(start, { x: 350, y: 400 }, true)).toBeNull();
  });

  it('ignores swipes that would not change the menu, and mostly vertical gestures (scrolling)', () => {
    const start = { x: 300, y: 400 };
    expect(swipeAction(start, { x: 200, y: 400 }, true)).toBeNull();
    expect(swipeAction(start, { x: 400, y: 400 }, false)).toBeNull();
    expect(swipeAction(start, { x: 200, y: 250 }, false)).toBeNull();
  });

  it('reads a section from the address hash', () => {
    expect(sectionFromHash('#pricing')).toBe('pricing');
    expect(sectionFromHash('features')).toBe('features');
    expect(sectionFromHash('#faq')).toBeNull();
    expect(sectionFromHash('')).toBeNull();
  });

  it('staggers revealed cards by 0.1 s and hides unrevealed ones only for people who accept motion', () => {
    expect([0, 1, 2].map((index) => revealStyle(true, index).style.transitionDelay)).toEqual(['0.0s', '0.1s', '0.2s']);
    expect(revealStyle(false, 3)).toEqual({ className: expect.stringMatching(/^(motion-safe:\S+ ?)+$/), style: {} });
  });
});
