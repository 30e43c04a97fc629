import { api, postStatusEvents } from '@postflow/contract/client';
import type { PostStatusChange } from '@postflow/contract';
import { apiCall, workspaceHeaders } from './api-client';
import { getToken } from './auth-tokens';
import { apiUrl } from './config';

export interface PostStatusStreamHandlers {
  /** One of the person's posts changed status. */
  onChange(change: PostStatusChange): void;
  /**
   * The stream is (again) live, or the server lost track: whatever changed while it was not must be
   * read again. `first` is true for the very first opening of this page's stream.
   */
  onResync(first: boolean): void;
}

const RETRY_START_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * Follows `GET /posts/status-changes` (server-sent events, decision 125) with fetch, so the session
 * token travels in the Authorization header, never in the address (decision 106). Reconnects after
 * a drop with growing pauses, renews an expired token through the shared client, and asks for a
 * resync on every reconnection so no change made in between is lost. Call the answer to stop.
 */
export function followPostStatus(handlers: PostStatusStreamHandlers): () => void {
  const stopper = new AbortController();
  let retryMs = RETRY_START_MS;
  let first = true;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      stopper.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  async function readOnce(): Promise<void> {
    const token = getToken();
    if (!token) return;
    const response = await fetch(apiUrl(api.posts.statusChanges.path), {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, ...workspaceHeaders() },
      credentials: 'include',
      cache: 'no-store',
      signal: stopper.signal,
    });
    if (response.status === 401) {
      // Renews the session through the shared client (or sends the person to sign in).
      await apiCall(api.auth.validate, { signal: stopper.signal });
      return;
    }
    if (!response.ok || !response.body) throw new Error(`status stream answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(': open')) {
          retryMs = RETRY_START_MS;
          handlers.onResync(first);
          first = false;
          continue;
        }
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event === postStatusEvents.resync) handlers.onResync(false);
        else if (event === postStatusEvents.change && data) handlers.onChange(JSON.parse(data) as PostStatusChange);
      }
    }
  }

  void (async () => {
    while (!stopper.signal.aborted && getToken()) {
      try {
        await readOnce();
      } catch {
        // A drop, a server restart or an offline moment: try again after a pause.
      }
      if (stopper.signal.aborted) return;
      await pause(retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  })();

  return () => stopper.abort();
}
