import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAccount, apiError, reply } from '../../../../test/api-mock';
import { expectConsoleError } from '../../../../test/console';
import { button, linkedInAccount, main, renderWizard, xAccount } from '../../../../test/wizard';

describe('Create post: step 1, platforms', () => {
  it('shows three labels for the steps with Platforms current, and one card per network', async () => {
    await renderWizard();

    const progress = screen.getByRole('navigation', { name: 'Progress' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Platforms', '2Content', '3Schedule']);
    expect(within(progress).getByText('Platforms').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('heading', { name: 'Choose where to post' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'X (Twitter)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'LinkedIn' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Platforms to post to' })).toBeInTheDocument();
  });

  it('with nothing connected, says why nothing can be chosen and leads to the connect page', async () => {
    const { user, pathname } = await renderWizard({ accounts: [] });
    expect(await screen.findByRole('heading', { name: 'No account connected yet' })).toBeInTheDocument();
    expect(screen.getByText(/there is nowhere to post yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Connect an account' }));
    await screen.findByRole('heading', { name: 'Connect Your Accounts' });
    expect(pathname()).toBe('/connect-accounts');
  });

  it('with an account connected, shows no such notice', async () => {
    await renderWizard();
    await screen.findByRole('checkbox', { name: 'X (Twitter)' });
    expect(screen.queryByRole('heading', { name: 'No account connected yet' })).not.toBeInTheDocument();
  });

  it("says 'Please select at least one platform' on Next without one, tied to the choices", async () => {
    const { user } = await renderWizard();
    await screen.findByRole('checkbox', { name: 'X (Twitter)' });

    await user.click(button('Next'));

    const message = screen.getByRole('alert');
    expect(message).toHaveTextContent('Please select at least one platform');
    expect(screen.getByRole('group', { name: 'Platforms to post to' })).toHaveAccessibleDescription('Please select at least one platform');
    expect(screen.getByRole('heading', { name: 'Choose where to post' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'LinkedIn' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('toggles a connected card on and off, and moves on to Content with one chosen', async () => {
    const { user } = await renderWizard();
    const x = await screen.findByRole('checkbox', { name: 'X (Twitter)' });

    await user.click(x);
    expect(x).toBeChecked();
    await user.click(x);
    expect(x).not.toBeChecked();
    await user.click(x);
    await user.click(button('Next'));

    expect(await screen.findByRole('heading', { name: 'Write your post' })).toHaveFocus();
    expect(
      within(screen.getByRole('navigation', { name: 'Progress' }))
        .getByText('Content')
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
  });

  it("cannot select an unconnected network: its card opens 'Account Not Connected' with 'Not Now' and 'Connect Now'", async () => {
    const { user, pathname } = await renderWizard({ accounts: [xAccount] });

    const linkedIn = await within(main()).findByRole('button', { name: 'LinkedIn', description: 'Not connected' });
    expect(screen.queryByRole('checkbox', { name: 'LinkedIn' })).not.toBeInTheDocument();
    await user.click(linkedIn);

    const dialog = screen.getByRole('dialog', { name: 'Account Not Connected' });
    expect(dialog).toHaveAccessibleDescription('Connect your LinkedIn account to post there.');
    await user.click(within(dialog).getByRole('button', { name: 'Not Now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pathname()).toBe('/create-post');

    await user.click(linkedIn);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Connect Now' }));
    await screen.findByRole('heading', { name: 'Connect Your Accounts' });
    expect(pathname()).toBe('/connect-accounts');
  });

  it("treats an account that needs reconnecting as not connected, saying 'Reconnect'", async () => {
    const { user } = await renderWizard({ accounts: [anAccount({ ...xAccount, status: 'needs_reconnect' }), linkedInAccount] });

    await user.click(await within(main()).findByRole('button', { name: 'X (Twitter)', description: 'Reconnect' }));

    expect(screen.getByRole('dialog', { name: 'Account Not Connected' })).toHaveAccessibleDescription(
      'Postflow can no longer post to your X (Twitter) account. Reconnect it to post there.',
    );
  });

  it('says when the accounts cannot be loaded and tries again', async () => {
    const { user } = await renderWizard({
      routes: [
        reply(api.accounts.list, (_call, index) =>
          index === 0 ? apiError(503, 'upstream_unavailable', 'Down') : { body: { socials: [xAccount] } },
        ),
      ],
    });

    const alert = await within(main()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load connected accounts');
    expectConsoleError(/GET \/auth\/accounts failed with 503/);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('checkbox', { name: 'X (Twitter)' })).toBeInTheDocument();
  });
});
