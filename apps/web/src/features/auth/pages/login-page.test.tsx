import { api } from '@postflow/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageNavigation } from '../../../lib/page-navigation';
import { apiError, aSession, aUser, mockApi, reply } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';

const afterSignIn = [reply(api.accounts.list, { body: { socials: [] } }), reply(api.auth.profile, { body: { user: aUser() } })];

describe('sign-in screen', () => {
  it('reads as docs/product.md words it', async () => {
    mockApi(...emptyPageData);
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Connect with your preferred social account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with X (Twitter)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with LinkedIn' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Facebook' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Continue with Instagram' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(/^By continuing, you agree to our/)).toHaveTextContent(
      'By continuing, you agree to our Terms of Service and Privacy Policy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
  });

  it('leaves for the API to sign in with X or LinkedIn', async () => {
    mockApi(...emptyPageData);
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Continue with X (Twitter)' }));
    expect(pageNavigation.assign).toHaveBeenLastCalledWith('/auth/x');

    await user.click(screen.getByRole('button', { name: 'Continue with LinkedIn' }));
    expect(pageNavigation.assign).toHaveBeenLastCalledWith('/auth/linkedin');
  });

  it('uses the API address set at run time for the network sign-in', async () => {
    window.__POSTFLOW_CONFIG__ = { apiBaseUrl: 'https://api.example.com' };
    mockApi(...emptyPageData);
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Continue with X (Twitter)' }));

    expect(pageNavigation.assign).toHaveBeenCalledWith('https://api.example.com/auth/x');
  });

  it("shows the server's message when the password is wrong", async () => {
    mockApi(...emptyPageData, reply(api.auth.login, apiError(401, 'unauthorized', 'Email or password is incorrect')));
    const { user, pathname } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'not-my-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email or password is incorrect');
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('stores the tokens and goes to /dashboard on success', async () => {
    const server = mockApi(...emptyPageData, ...afterSignIn, reply(api.auth.login, { body: aSession() }));
    const { user, pathname } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh-token');
    expect(server.callsTo(api.auth.login)[0]?.body).toEqual({ email: 'Ada@Example.com', password: 'correct-password' });
  });

  it('signs in once when Enter is pressed twice', async () => {
    const server = mockApi(...emptyPageData, ...afterSignIn, reply(api.auth.login, { body: aSession() }));
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-password{Enter}{Enter}');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(server.callsTo(api.auth.login)).toHaveLength(1);
  });

  it('says what is missing before calling the server', async () => {
    const server = mockApi(...emptyPageData);
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    // The schema loads apart from the page: the messages come once it is there.
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com'),
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(server.calls).toHaveLength(0);
  });

  it('keeps a chosen plan on the way to creating an account', async () => {
    mockApi(...emptyPageData);
    renderApp('/login?plan=pro');

    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register?plan=pro');
  });
});
