import { api } from '@postflow/contract/client';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, mockApi, reply } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';

describe('token login (/login/success)', () => {
  it('never signs in with tokens from the address: it explains, takes them out of the address and points to sign-in', async () => {
    const server = mockApi(...emptyPageData);

    const app = renderApp('/login/success?token=attacker-token&refreshToken=attacker-refresh');

    expect(await screen.findByText(/does not sign you in from a link/)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(app.router.state.location.search).toBe('');
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(server.calls).toHaveLength(0);

    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
  });

  it('leaves the session of someone already signed in as it was', async () => {
    localStorage.setItem('token', 'token-of-grace');
    mockApi(
      ...emptyPageData,
      reply(api.auth.profile, (call) => ({
        body: { user: aUser({ name: call.headers.Authorization === 'Bearer token-of-grace' ? 'Grace' : 'Mallory' }) },
      })),
      reply(api.accounts.list, { body: { socials: [] } }),
    );
    const app = renderApp('/dashboard');
    expect(await screen.findByText('Grace')).toBeInTheDocument();

    await act(() => app.router.navigate('/login/success?token=token-of-mallory'));
    expect(await screen.findByText(/does not sign you in from a link/)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('token-of-grace');
  });
});
