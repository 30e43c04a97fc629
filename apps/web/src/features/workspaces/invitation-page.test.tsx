import type { InvitationDetails } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aSession, aUser, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { emptyPageData } from '../../test/page-data';
import { renderApp } from '../../test/render-app';

/** The page's chunk loads and its calls chain (session, then workspaces, then members): slower than one look on a busy machine. */
const firstPaint = { timeout: 5000 };

const TEAM = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const TOKEN = 'pf_iv_secret-link';
const grace = aUser({ name: 'Grace Hopper', email: 'grace@example.com' });
const details: InvitationDetails = { workspaceName: 'Launch team', role: 'editor', invitedBy: 'Ada Lovelace', email: 'grace@example.com' };
const joined = { id: TEAM, name: 'Launch team', role: 'editor' as const, personal: false, requireApproval: false, branding: null };

function open(answers: MockRoute[], signedIn = true) {
  if (signedIn) signIn();
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: grace } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.members.invitation, { body: details }),
    ...answers,
  );
  return { server, ...renderApp(`/invitations/${TOKEN}`) };
}

describe('invitation page', () => {
  it('says who invited whom to what, and accepting opens that workspace’s dashboard', async () => {
    const { server, user, pathname } = open([reply(api.members.accept, { body: joined })]);

    expect(await screen.findByRole('heading', { name: 'Join Launch team' }, firstPaint)).toBeInTheDocument();
    expect(screen.getByText(/invited you to/)).toHaveTextContent('Ada Lovelace invited you to Launch team as an editor.');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText('You joined Launch team', {}, firstPaint)).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
    expect(localStorage.getItem('postflow.workspace')).toBe(TEAM);
    expect(server.callsTo(api.members.accept)[0]?.params).toEqual({ token: TOKEN });
  });

  it('shows why a link no longer works, with no Accept', async () => {
    const expired =
      'This invitation has expired (invitations work for 7 days). Ask an owner or admin of the workspace for a new invitation.';
    open([reply(api.members.invitation, apiError(410, 'gone', expired))]);

    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' }, firstPaint)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(expired);
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('tells someone signed in with another address to switch accounts instead of offering Accept', async () => {
    open([reply(api.members.invitation, { body: { ...details, email: 'k…@example.com' } })]);

    expect(
      await screen.findByText(/This invitation was sent to k…@example.com, and you are signed in as grace@example.com/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with another account' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when accepting fails', async () => {
    const already = 'You are already a member of Launch team. Open it from the workspace switcher.';
    const { user, pathname } = open([reply(api.members.accept, apiError(409, 'conflict', already))]);

    await user.click(await screen.findByRole('button', { name: 'Accept' }, firstPaint));
    expect(await screen.findByRole('alert')).toHaveTextContent(already);
    expect(pathname()).toBe(`/invitations/${TOKEN}`);
  });

  it('sends a visitor to sign in and back to the invitation afterwards', async () => {
    const { user, pathname } = open([reply(api.auth.login, { body: aSession(grace) })], false);

    expect(await screen.findByRole('heading', { name: 'Welcome' }, firstPaint)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Join Launch team' }, firstPaint)).toBeInTheDocument();
    expect(pathname()).toBe(`/invitations/${TOKEN}`);
  });

  it('brings a visitor who registers first back to the invitation too', async () => {
    const { user, pathname } = open([reply(api.auth.register, { status: 201, body: aSession(grace) })], false);

    await user.click(await screen.findByRole('link', { name: 'Create an account' }, firstPaint));
    await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'a long enough password');
    await user.click(screen.getByRole('button', { name: /Create account/ }));

    expect(await screen.findByRole('heading', { name: 'Join Launch team' }, firstPaint)).toBeInTheDocument();
    expect(pathname()).toBe(`/invitations/${TOKEN}`);
  });
});
