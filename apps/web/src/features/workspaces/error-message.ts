import { isApiError } from '../../lib/api-client';

/** The server's own words for a refusal; a fallback for failures it did not explain (5xx, network). */
export const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.status < 500 ? error.message : fallback);
