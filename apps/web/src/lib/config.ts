/**
 * Settings the server writes at run time into `/config.js` (loaded by index.html before the app), so one
 * build can talk to an API on any address. The script is absent in tests and when the API is down in
 * development; every setting then falls back to its default.
 */
export interface RuntimeConfig {
  /** Origin (and optional path prefix) of the API; empty means the page's own origin. */
  apiBaseUrl: string;
}

declare global {
  interface Window {
    __POSTFLOW_CONFIG__?: Partial<RuntimeConfig>;
  }
}

/** Read on every call rather than once, so a config loaded late (or changed in a test) still applies. */
export function getRuntimeConfig(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__POSTFLOW_CONFIG__;
  const apiBaseUrl = typeof raw?.apiBaseUrl === 'string' ? raw.apiBaseUrl.trim().replace(/\/+$/, '') : '';
  return { apiBaseUrl };
}

/** The absolute or root-relative address of an API path such as `/auth/x`. */
export function apiUrl(path: string): string {
  return getRuntimeConfig().apiBaseUrl + path;
}
