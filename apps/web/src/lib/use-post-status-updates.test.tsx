import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '../test/api-mock';
import { usePostStatusUpdates } from './use-post-status-updates';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('usePostStatusUpdates', () => {
  afterEach(() => Reflect.deleteProperty(document, 'visibilityState'));

  it('holds a stream only while the tab is visible, so hidden tabs do not use up the browser’s connections', async () => {
    signIn({ token: 'at_live' });
    const streams: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        streams.push(init.signal as AbortSignal);
        return new Promise<never>(() => {});
      }),
    );
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

    const { unmount } = renderHook(() => usePostStatusUpdates(), { wrapper });
    await vi.waitFor(() => expect(streams).toHaveLength(1));

    setVisibility('hidden');
    expect(streams[0]?.aborted).toBe(true);

    setVisibility('visible');
    await vi.waitFor(() => expect(streams).toHaveLength(2));
    expect(streams[1]?.aborted).toBe(false);

    unmount();
    expect(streams[1]?.aborted).toBe(true);
  });
});
