import type { PostStatusChange } from '@postflow/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../test/api-mock';
import { followPostStatus } from './post-status-stream';

const change: PostStatusChange = { id: crypto.randomUUID(), post_id: crypto.randomUUID(), status: 'published' };

/** A text/event-stream answer that sends `chunks`, then ends the stream unless `stayOpen`. */
function eventStream(chunks: string[], stayOpen = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (!stayOpen) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('followPostStatus', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('sends the token in a header, passes changes on, and after a drop reconnects and asks for a full re-read', async () => {
    signIn({ token: 'at_live' });
    const calls: Array<{ url: string; authorization: string | undefined }> = [];
    const answers = [eventStream([': open\n\n', `event: change\ndata: ${JSON.stringify(change)}\n\n`]), eventStream([': open\n\n'], true)];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
        return answers.shift() ?? new Promise<never>(() => {});
      }),
    );
    const onChange = vi.fn();
    const onResync = vi.fn();

    stop = followPostStatus({ onChange, onResync });

    await vi.waitFor(() => expect(onChange).toHaveBeenCalledWith(change));
    expect(onResync).toHaveBeenCalledWith(true);
    // The stream ended (a dropped connection): the next one opens after a pause and re-reads everything.
    await vi.waitFor(() => expect(onResync).toHaveBeenLastCalledWith(false), { timeout: 3_000 });
    expect(calls).toHaveLength(2);
    expect(calls.every((call) => call.url === '/posts/status-changes' && call.authorization === 'Bearer at_live')).toBe(true);
  });

  it("re-reads everything when the server says it may have missed changes ('resync')", async () => {
    signIn({ token: 'at_live' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => eventStream([': open\n\n', 'event: resync\ndata: \n\n'], true)),
    );
    const onResync = vi.fn();

    stop = followPostStatus({ onChange: vi.fn(), onResync });

    await vi.waitFor(() => expect(onResync.mock.calls).toEqual([[true], [false]]));
  });

  it('stops for good when told to', async () => {
    signIn({ token: 'at_live' });
    const fetchMock = vi.fn(async () => eventStream([': open\n\n']));
    vi.stubGlobal('fetch', fetchMock);
    const onResync = vi.fn();

    followPostStatus({ onChange: vi.fn(), onResync })();

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fetchMock.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
