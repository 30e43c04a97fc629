import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, aSession, aUser, mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { CALLBACK_REDIRECT_DELAY_MS } from './social-callback-page';

describe('social login callback (/auth/callback)', () => {
  it.each([
    ['xConnected=true', 'twitter'],
    ['linkedInConnected=true', 'linkedin'],
  ])('with %s, trades the sign-in for a token and goes to /dashboard', async (flag, provider) => {
    const api = mockApi({
      'POST /auth/social/token': { body: aSession(aUser({ name: 'Ada from the network' })) },
      'GET /auth/accounts': { body: { socials: [] } },
    });

    const app = renderApp(`/auth/callback?${flag}`);

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(screen.getByText('Ada from the network')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh-token');
    const [call] = api.callsTo('POST /auth/social/token');
    expect(call?.body).toEqual({ provider });
    expect(call?.credentials).toBe('include');
    expect(api.callsTo('POST /auth/social/token')).toHaveLength(1);
  });

  it("says 'Invalid social login callback' without a flag and goes to /login after 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({});

    const app = renderApp('/auth/callback');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid social login callback');
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS - 500));
    expect(app.pathname()).toBe('/auth/callback');

    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the network's error message, then goes to /login", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({});

    const app = renderApp('/auth/callback?error=You%20cancelled%20the%20sign-in');

    expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the sign-in');
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it("shows why the token could not be obtained, then goes to /login", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'POST /auth/social/token': apiError(401, 'unauthorized', 'The sign-in with X has expired. Please try again.') });

    const app = renderApp('/auth/callback?xConnected=true');

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in with X has expired. Please try again.');
    expect(localStorage.getItem('token')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_REDIRECT_DELAY_MS));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });
});
