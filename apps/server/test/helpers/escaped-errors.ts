/**
 * Errors that escaped every handler (an 'error' event no one listens to, a rejection no one awaits):
 * what would end a real process. Start before the scenario, stop after it.
 */
export function watchEscapedErrors(): { escaped: unknown[]; stop(): void } {
  const escaped: unknown[] = [];
  const record = (error: unknown) => escaped.push(error);
  process.on('uncaughtException', record);
  process.on('unhandledRejection', record);
  return {
    escaped,
    stop() {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
}
