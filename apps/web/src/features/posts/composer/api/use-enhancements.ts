import type { Network } from '@postflow/contract';
import { api, truncateForXFallback } from '@postflow/contract/client';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { apiCall } from '../../../../lib/api-client';

export const ENHANCE_FAILED_MESSAGE = 'Failed to enhance content. Please try again.';
export const regenerateFailedMessage = (platform: string) => `Failed to regenerate content for ${platform}.`;

/** A version as the server answered it. */
export interface Version {
  text: string;
  /** X only: the whole text as a thread, offered when it does not fit one post without leaving some of it out. */
  thread?: string[];
}

export interface Enhancement {
  /** The original text this version was made from; a changed original means a new first version. */
  source: string;
  /** The suggestion asked for: 0 first, +1 per regenerate, −1 per Back (the server's `variant`). */
  variant: number;
  status: 'loading' | 'ready' | 'failed';
  /** What will be posted: the AI's version, the person's edit of it, or the fallback after a failure. */
  text: string;
  /** The thread offered with this version (docs/product.md, Composer · Enhance). */
  thread?: string[] | undefined;
  /** The versions already answered for this original, by variant: Back shows them again without asking. */
  seen: Record<number, Version>;
  /** Which call failed, for the message: the first load or a regenerate. */
  failure: 'enhance' | 'regenerate' | null;
  requestId: number;
}

export type Enhancements = Partial<Record<Network, Enhancement>>;

type Action =
  | { type: 'start'; platform: Network; source: string; variant: number; requestId: number }
  | { type: 'done'; platform: Network; requestId: number; version: Version }
  | { type: 'show'; platform: Network; variant: number }
  | { type: 'failed'; platform: Network; requestId: number }
  | { type: 'edit'; platform: Network; text: string }
  | { type: 'restore'; original: string; texts: Partial<Record<Network, string>> };

/** Each network's current version. */
export function enhancedTexts(enhancements: Enhancements): Partial<Record<Network, string>> {
  return Object.fromEntries(Object.entries(enhancements).map(([platform, entry]) => [platform, entry.text]));
}

/** docs/product.md, Composer · Enhance: on failure, the original text; for X, over 280 cut to 277 plus '...'. */
export function fallbackText(platform: Network, original: string): string {
  return platform === 'x' ? truncateForXFallback(original) : original;
}

function reducer(state: Enhancements, action: Action): Enhancements {
  if (action.type === 'restore') {
    const entries = Object.entries(action.texts).map(([platform, text]) => [
      platform,
      { source: action.original, variant: 0, status: 'ready', text, failure: null, requestId: 0, seen: {} } satisfies Enhancement,
    ]);
    return Object.fromEntries(entries) as Enhancements;
  }
  const current = state[action.platform];
  switch (action.type) {
    case 'start':
      return {
        ...state,
        [action.platform]: {
          source: action.source,
          variant: action.variant,
          status: 'loading',
          // A regenerate keeps the previous version on screen (read-only) while the next one loads.
          text: current?.source === action.source ? current.text : '',
          thread: current?.source === action.source ? current.thread : undefined,
          failure: null,
          requestId: action.requestId,
          seen: current?.source === action.source ? current.seen : {},
        },
      };
    case 'done': {
      if (current?.requestId !== action.requestId) return state;
      const version = action.version;
      return {
        ...state,
        [action.platform]: {
          ...current,
          status: 'ready',
          text: version.text,
          thread: version.thread,
          seen: { ...current.seen, [current.variant]: version },
        },
      };
    }
    case 'show': {
      const version = current?.seen[action.variant];
      if (!current || !version) return state;
      return {
        ...state,
        [action.platform]: {
          ...current,
          variant: action.variant,
          status: 'ready',
          text: version.text,
          thread: version.thread,
          failure: null,
        },
      };
    }
    case 'failed': {
      if (current?.requestId !== action.requestId) return state;
      return {
        ...state,
        [action.platform]: {
          ...current,
          status: 'failed',
          thread: undefined,
          text: fallbackText(action.platform, current.source),
          failure: current.variant === 0 ? 'enhance' : 'regenerate',
        },
      };
    }
    case 'edit':
      if (!current || current.status === 'loading') return state;
      return { ...state, [action.platform]: { ...current, text: action.text } };
  }
}

/**
 * The Enhance step's per-network versions (docs/product.md, Composer · Enhance). One call per network, so each
 * loads, fails and regenerates on its own. The state lives with the wizard, not the step, so going
 * Back to Content and forward again keeps versions whose original did not change.
 */
export function useEnhancements(restored?: { original: string; texts: Partial<Record<Network, string>> }) {
  const [enhancements, dispatch] = useReducer(reducer, restored, (seed) => (seed ? reducer({}, { type: 'restore', ...seed }) : {}));
  const nextRequestId = useRef(0);
  const inFlight = useRef(new Map<Network, AbortController>());

  useEffect(() => {
    const requests = inFlight.current;
    return () => {
      for (const controller of requests.values()) controller.abort();
      requests.clear();
    };
  }, []);

  const request = useCallback((platform: Network, source: string, variant: number) => {
    inFlight.current.get(platform)?.abort();
    const controller = new AbortController();
    inFlight.current.set(platform, controller);
    const requestId = ++nextRequestId.current;
    dispatch({ type: 'start', platform, source, variant, requestId });
    apiCall(api.posts.enhance, { body: { platforms: [platform], text: source, tags: [], variant }, signal: controller.signal })
      .then((answer) => {
        const found = answer.find((item) => item.platform === platform);
        if (found?.enhanced.trim())
          dispatch({
            type: 'done',
            platform,
            requestId,
            version: { text: found.enhanced, ...(found.thread ? { thread: found.thread } : {}) },
          });
        else dispatch({ type: 'failed', platform, requestId });
      })
      .catch(() => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', platform, requestId });
      })
      .finally(() => {
        if (inFlight.current.get(platform) === controller) inFlight.current.delete(platform);
      });
  }, []);

  /** On entering the step: ask for every network that has no version of this original yet. */
  const load = useCallback(
    (platforms: readonly Network[], original: string) => {
      for (const platform of platforms) {
        if (enhancements[platform]?.source !== original) request(platform, original, 0);
      }
    },
    [enhancements, request],
  );

  /** Another variant for one network: shown again if it was answered before, else asked for. */
  const showVariant = useCallback(
    (platform: Network, step: 1 | -1) => {
      const current = enhancements[platform];
      const variant = (current?.variant ?? 0) + step;
      if (!current || variant < 0) return;
      if (current.seen[variant]) dispatch({ type: 'show', platform, variant });
      else request(platform, current.source, variant);
    },
    [enhancements, request],
  );

  /** The next suggestion for one network (variant + 1). */
  const regenerate = useCallback((platform: Network) => showVariant(platform, 1), [showVariant]);
  /** The suggestion before this one (variant − 1), as it was first shown. */
  const back = useCallback((platform: Network) => showVariant(platform, -1), [showVariant]);

  const edit = useCallback((platform: Network, text: string) => dispatch({ type: 'edit', platform, text }), []);

  return { enhancements, load, regenerate, back, edit };
}
