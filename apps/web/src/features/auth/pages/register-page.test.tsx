import { api } from '@postflow/contract/client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aSession, aUser, mockApi, reply } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';

describe('create account', () => {
  it('says what is wrong with each field when the form is sent', async () => {
    const server = mockApi(...emptyPageData);
    const { user } = renderApp('/register');

    await user.type(await screen.findByLabelText('Email'), 'ada@');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name');
    expect(screen.getByLabelText('Name')).toBeInvalid();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters Password must be at least 8 characters');
    expect(server.calls).toHaveLength(0);
  });

  it('checks a field when the user leaves it, and clears the message once it is fixed', async () => {
    mockApi(...emptyPageData);
    const { user } = renderApp('/register');
    const email = await screen.findByLabelText('Email');

    await user.type(email, 'not-an-email');
    await user.tab();
    expect(screen.getByText('Enter a valid email address, like name@example.com')).toBeInTheDocument();

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(screen.queryByText('Enter a valid email address, like name@example.com')).not.toBeInTheDocument();
  });

  it('does not complain about an empty field the user only passed through', async () => {
    mockApi(...emptyPageData);
    const { user } = renderApp('/register');

    await user.click(await screen.findByLabelText('Name'));
    await user.tab();

    expect(screen.queryByText('Enter your name')).not.toBeInTheDocument();
  });

  it("shows the server's message under the email field when the address is taken", async () => {
    mockApi(
      ...emptyPageData,
      reply(
        api.auth.register,
        apiError(409, 'conflict', 'An account with this email already exists', {
          email: 'An account with this email already exists',
        }),
      ),
    );
    const { user, pathname } = renderApp('/register');

    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('An account with this email already exists');
    expect(pathname()).toBe('/register');
  });

  it("shows the server's message above the form when it names no field", async () => {
    mockApi(...emptyPageData, reply(api.auth.register, apiError(429, 'rate_limited', 'Too many attempts. Try again in a minute.')));
    const { user } = renderApp('/register');

    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in a minute.');
  });

  it('signs the new user in and goes to /dashboard', async () => {
    const server = mockApi(
      ...emptyPageData,
      reply(api.auth.register, { status: 201, body: aSession(aUser({ name: 'Ada' })) }),
      reply(api.accounts.list, { body: { socials: [] } }),
    );
    const { user, pathname } = renderApp('/register');

    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh-token');
    expect(server.callsTo(api.auth.register)[0]?.body).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'long-enough-password' });
  });

  it('sends the plan chosen on the pricing page with the registration', async () => {
    const server = mockApi(
      ...emptyPageData,
      reply(api.auth.register, { status: 201, body: aSession(aUser({ name: 'Ada' })) }),
      reply(api.accounts.list, { body: { socials: [] } }),
    );
    const { user, pathname } = renderApp('/register?plan=business');

    expect(await screen.findByText(/You chose the Scale plan/)).toHaveTextContent(
      "You chose the Scale plan. Your account starts on this instance's default plan; its operator sees your choice and changes your workspace's plan.",
    );
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(pathname()).toBe('/dashboard');
    expect(server.callsTo(api.auth.register)[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'long-enough-password',
      plan: 'business',
    });
  });

  it('ignores a plan that does not exist, and Starter', async () => {
    mockApi(...emptyPageData);
    renderApp('/register?plan=gold');
    await screen.findByLabelText('Name');
    expect(screen.queryByText(/You chose/)).not.toBeInTheDocument();
  });

  it('links back to sign in', async () => {
    mockApi(...emptyPageData);
    renderApp('/register');

    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText(/Already have an account\?/)).toHaveTextContent('Already have an account? Sign in');
  });
});
