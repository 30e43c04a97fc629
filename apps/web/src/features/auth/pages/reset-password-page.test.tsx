import { api } from '@postflow/contract/client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply } from '../../../test/api-mock';
import { emptyPageData } from '../../../test/page-data';
import { renderApp } from '../../../test/render-app';

/** The check the page makes when it opens: this link can still set a password. */
const linkStillWorks = reply(api.auth.checkPasswordReset, { body: { state: 'valid', message: null } });

describe('reset password: asking for a link', () => {
  it("sends the address and shows the server's answer", async () => {
    const server = mockApi(
      ...emptyPageData,
      reply(api.auth.requestPasswordReset, {
        status: 202,
        body: { message: 'If an account exists for that address, we sent a link to reset its password.' },
      }),
    );
    const { user } = renderApp('/reset-password');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('If an account exists for that address, we sent a link to reset its password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(server.callsTo(api.auth.requestPasswordReset)[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('asks for a valid address first', async () => {
    const server = mockApi(...emptyPageData);
    const { user } = renderApp('/reset-password');

    await user.type(await screen.findByLabelText('Email'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com');
    expect(server.calls).toHaveLength(0);
  });
});

describe('reset password: choosing a new password from the link', () => {
  it('requires both passwords to match', async () => {
    const server = mockApi(...emptyPageData, linkStillWorks);
    const { user } = renderApp('/reset-password?token=reset-123');

    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-passwort');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(server.callsTo(api.auth.confirmPasswordReset)).toHaveLength(0);
  });

  it('refuses a short password with the contract message', async () => {
    mockApi(...emptyPageData, linkStillWorks);
    const { user } = renderApp('/reset-password?token=reset-123');

    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it("sets the password and shows the server's message with a way to sign in", async () => {
    const server = mockApi(
      ...emptyPageData,
      linkStillWorks,
      reply(api.auth.confirmPasswordReset, { body: { message: 'Your password has been changed. Sign in with it now.' } }),
    );
    const { user } = renderApp('/reset-password?token=reset-123');

    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Your password has been changed. Sign in with it now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(server.callsTo(api.auth.confirmPasswordReset)[0]?.body).toEqual({ token: 'reset-123', password: 'a-new-password' });
  });

  it("shows the server's message when the link is used up meanwhile, and offers a new one", async () => {
    mockApi(
      ...emptyPageData,
      linkStillWorks,
      reply(api.auth.confirmPasswordReset, apiError(410, 'gone', 'This reset link has expired or was already used.')),
    );
    const { user } = renderApp('/reset-password?token=reset-123');

    await user.type(await screen.findByLabelText('New password'), 'a-new-password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link has expired or was already used.');
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('says at once, before any password is typed, that a used or expired link no longer works, and offers a new one', async () => {
    const server = mockApi(
      ...emptyPageData,
      reply(api.auth.checkPasswordReset, {
        body: { state: 'used', message: 'This reset link has already been used. Request a new one if you still need it.' },
      }),
    );
    const { user } = renderApp('/reset-password?token=reset-123');

    expect(await screen.findByRole('heading', { name: 'This link has already been used or has expired' })).toBeInTheDocument();
    expect(screen.getByText('This reset link has already been used. Request a new one if you still need it.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(server.callsTo(api.auth.checkPasswordReset)[0]?.body).toEqual({ token: 'reset-123' });
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });
});
