import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, never, reply, type Answer, type MockRoute } from '../../../test/api-mock';
import { expectConsoleError } from '../../../test/console';
import { renderApp } from '../../../test/render-app';

const info = (supportEmail: string | null): Answer<typeof api.site.info> => ({ body: { supportEmail } });

async function openContact(routes: MockRoute[] = []) {
  const server = mockApi(reply(api.site.info, info('help@postflow.example')), ...routes);
  const app = renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact' });
  return { ...app, server };
}

async function fillIn(user: Awaited<ReturnType<typeof openContact>>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Scheduling question');
  await user.type(screen.getByLabelText('Message'), 'Can I schedule for Tuesday?');
}

describe('contact page', () => {
  it('says what each empty or wrong field needs and sends nothing', async () => {
    const { user, server } = await openContact();

    await user.type(screen.getByLabelText('Email'), 'grace@');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Enter your name');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address, like name@example.com');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Enter a subject');
    expect(screen.getByLabelText('Message')).toBeInvalid();
    expect(screen.getByText('Enter your message')).toBeInTheDocument();
    expect(server.callsTo(api.site.contact)).toHaveLength(0);
  });

  it('checks a field when it is left, and clears the message once fixed', async () => {
    const { user } = await openContact();
    const subject = screen.getByLabelText('Subject');

    await user.type(subject, '   ');
    await user.tab();
    expect(subject).toHaveAccessibleDescription('Enter a subject');

    await user.type(subject, 'Hello');
    expect(subject).not.toHaveAccessibleDescription('Enter a subject');
    expect(subject).toBeValid();
  });

  it('keeps a pasted message that is too long and says so, instead of cutting it', async () => {
    const { user } = await openContact();
    const message = screen.getByLabelText('Message');
    await user.click(message);
    await user.paste('m'.repeat(5_010));
    expect(message).toHaveValue('m'.repeat(5_010));
    await user.tab();
    expect(message).toHaveAccessibleDescription(/Message must be at most 5,000 characters/);
    expect(screen.getByText('5,010 / 5,000 characters')).toBeInTheDocument();
  });

  it('sends the message, thanks the visitor and clears the form', async () => {
    const { user, server } = await openContact([
      reply(api.site.contact, { status: 201, body: { id: crypto.randomUUID(), message: 'ok' } }),
    ]);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Thank you! Your message has been sent successfully.')).toBeInTheDocument();
    expect(server.callsTo(api.site.contact)[0]?.body).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      type: 'CONTACT',
      title: 'Scheduling question',
      content: 'Can I schedule for Tuesday?',
    });
    expect(server.callsTo(api.site.contact)[0]?.headers).not.toHaveProperty('Authorization');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it("shows the server's message when it refuses, and keeps what was typed", async () => {
    const { user } = await openContact([
      reply(api.site.contact, apiError(429, 'rate_limited', 'Too many messages from this network. Try again in 12 minutes.')),
    ]);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages from this network. Try again in 12 minutes.');
    expect(screen.getByLabelText('Subject')).toHaveValue('Scheduling question');
  });

  it("puts the server's field messages under the fields", async () => {
    const { user } = await openContact([
      reply(
        api.site.contact,
        apiError(400, 'validation_failed', 'Subject must be at most 200 characters', {
          title: 'Subject must be at most 200 characters',
        }),
      ),
    ]);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByRole('alert');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('Subject must be at most 200 characters');
  });

  it('says something went wrong when the server fails or cannot be reached', async () => {
    const { user } = await openContact([
      reply(api.site.contact, (_call, index) => (index === 0 ? apiError(500, 'internal', 'Internal error') : 'network-error')),
    ]);
    await fillIn(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    expectConsoleError(/POST \/api\/contact\/ failed with 500/);

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it('shows the support hours and the address the server gives', async () => {
    await openContact();
    const support = within(screen.getByRole('complementary', { name: 'Support' }));

    expect(support.getByText('Monday to Friday 9AM to 6PM and weekends 10AM to 4PM (UTC+8)')).toBeInTheDocument();
    expect(await support.findByRole('link', { name: 'help@postflow.example' })).toHaveAttribute('href', 'mailto:help@postflow.example');
  });

  it('explains how to reach the operator when no support address is set', async () => {
    await openContact([reply(api.site.info, info(null))]);

    expect(await screen.findByText(/This server has no public support address/)).toBeInTheDocument();
  });

  it('shows the form while the address is still loading', async () => {
    await openContact([reply(api.site.info, never)]);

    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });
});
