import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';
import { pageNavigation } from '../lib/page-navigation';
import { adoptPersonTimeZone } from '../lib/person-time-zone';
import { consoleErrors } from './console';

// The first render of a lazily loaded page can take over a second on a busy 2-core machine; a
// passing test does not wait any longer for this.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => {
  consoleErrors.length = 0;
  // A console.error is a React warning or an unexpected failure: record it and fail the test below.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
  });
  // jsdom cannot leave the page; tests assert on the calls instead.
  vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.body.style.overflow = '';
  delete window.__POSTFLOW_CONFIG__;
  // The signed-in person's zone is module state (lib/person-time-zone.ts): each test starts without one.
  adoptPersonTimeZone(null);
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const unexpected = consoleErrors.splice(0);
  if (unexpected.length > 0) {
    throw new Error(`console.error was called during the test:\n${unexpected.join('\n---\n')}`);
  }
});
