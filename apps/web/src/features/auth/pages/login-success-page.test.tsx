import { api } from '@postflow/contract/client';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, mockApi, reply } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';

describe('token login (/login/success)', () => {
  it('stores the token and goes to /dashboard', async () => {
    const server = mockApi(
      ...emptyPageData,
      reply(api.auth.profile, { body: { user: aUser() } }),
      reply(api.accounts.list, { body: { socials: [] } }),
    );

    const app = renderApp('/login/success?token=link-token&refreshToken=link-refresh');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('link-token');
    expect(localStorage.getItem('refreshToken')).toBe('link-refresh');
    expect(server.callsTo(api.auth.profile)[0]?.headers.Authorization).toBe('Bearer link-token');
  });

  it('takes the token out of the history', async () => {
    mockApi(...emptyPageData, reply(api.auth.profile, { body: { user: aUser() } }), reply(api.accounts.list, { body: { socials: [] } }));

    const app = renderApp('/login/success?token=link-token');

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(app.router.state.historyAction).toBe('REPLACE');
    expect(app.router.state.location.search).toBe('');
  });

  it('replaces a session that was already open', async () => {
    localStorage.setItem('token', 'token-of-grace');
    mockApi(
      ...emptyPageData,
      reply(api.auth.profile, (call) => ({
        body: { user: aUser({ name: call.headers.Authorization === 'Bearer token-of-ada' ? 'Ada' : 'Grace' }) },
      })),
      reply(api.accounts.list, { body: { socials: [] } }),
    );
    const app = renderApp('/dashboard');
    expect(await screen.findByText('Grace')).toBeInTheDocument();

    await act(() => app.router.navigate('/login/success?token=token-of-ada'));

    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.queryByText('Grace')).not.toBeInTheDocument();
  });

  it('goes to /login without a token', async () => {
    mockApi(...emptyPageData);

    const app = renderApp('/login/success');

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
