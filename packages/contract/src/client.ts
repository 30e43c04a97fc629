/**
 * The part of the contract a browser loads up front: endpoints, limits, words and pure helpers, no zod.
 * The schemas (the main entry) load only where a form validates with them; types come from there freely.
 */
export * from './api';
export * from './endpoints';
export * from './error-codes';
export * from './limits';
export * from './vocabulary';
export * from './time-zones';
export * from './text/index';
export * from './callback-errors';
export * from './plans';
export * from './workspace-client';
export * from './post-import-limits';
export * from './calendar-limits';
export * from './media-limits';
export * from './webhook-events';
