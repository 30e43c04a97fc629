import { expect } from 'vitest';

/** Every `console.error` of the running test; the setup file fails the test if any is left unclaimed. */
export const consoleErrors: string[] = [];

/** Claims the console errors a test expects (the API client logs 5xx answers, for instance). */
export function expectConsoleError(pattern: RegExp): void {
  const index = consoleErrors.findIndex((message) => pattern.test(message));
  expect(index, `expected a console.error matching ${pattern}; got:\n${consoleErrors.join('\n')}`).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(index, 1);
}
