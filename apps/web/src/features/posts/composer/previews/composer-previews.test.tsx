import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../../test/api-mock';
import { adaOnLinkedIn, differenceClub } from '../../../../test/channel-data';
import {
  linkedInAccount,
  xAccount,
  button,
  choosePlatforms,
  postContent,
  renderWizard,
  skipAiSwitch,
  writePost,
} from '../../../../test/wizard';

describe('Create post: previews on Review (docs/decisions/150-composer-previews.md)', () => {
  it('previews each chosen network as the connected account, with the text and the image', async () => {
    const view = await renderWizard({ accounts: [{ ...xAccount, avatarURL: 'https://cdn.example/ada.png' }, linkedInAccount] });
    await choosePlatforms(view.user, 'X (Twitter)', 'LinkedIn');
    await view.user.upload(screen.getByLabelText(/^Media/), new File(['png'], 'launch.png', { type: 'image/png' }));
    await writePost(view.user, 'Big news at https://example.com/a/rather/long/address/for/the/launch', { skipAi: true });

    const previews = within(await screen.findByRole('region', { name: 'How it will look' }));
    expect(previews.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent)).toEqual([
      'Preview on X',
      'Preview on LinkedIn',
    ]);
    const x = within(previews.getByRole('figure', { name: 'Preview of your post on X as @ada_on_x' }));
    expect(x.getByText('Ada on X')).toBeInTheDocument();
    // 'Big news at ' is 12, the link 23.
    expect(x.getByText('35 / 280')).toBeInTheDocument();
    expect(x.getByRole('group', { name: '1 image, full width' })).toBeInTheDocument();
    expect(x.getByRole('img', { name: 'Image 1, no description yet' })).toHaveAttribute('src', 'blob:preview-1');
    // An image, so X shows no link card.
    expect(x.queryByRole('group', { name: /Link card/ })).not.toBeInTheDocument();

    const linkedIn = within(previews.getByRole('figure', { name: 'Preview of your post on LinkedIn as Ada Lovelace' }));
    expect(linkedIn.getByText('Personal profile')).toBeInTheDocument();
    expect(linkedIn.getByRole('img', { name: 'Image 1, no description yet' })).toBeInTheDocument();
  });

  it('previews LinkedIn as the chosen page', async () => {
    const { user } = await renderWizard({ routes: [reply(api.channels.list, { body: { channels: [adaOnLinkedIn, differenceClub] } })] });
    await choosePlatforms(user, 'Difference Club');
    await user.type(postContent(), 'Hello');
    await user.click(skipAiSwitch());
    await user.click(button('Next'));

    const linkedIn = await screen.findByRole('figure', { name: 'Preview of your post on LinkedIn as Difference Club' });
    expect(within(linkedIn).getByText('Company page')).toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: /on X/ })).not.toBeInTheDocument();
  });

  it('shows the previews beside the editor on request, following the text as it is written', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    expect(screen.queryByRole('region', { name: 'Preview as written' })).not.toBeInTheDocument();

    await user.click(button('Show preview'));
    expect(button('Hide preview')).toHaveAttribute('aria-expanded', 'true');
    await user.type(postContent(), 'Hello 👋');

    const x = await screen.findByRole('figure', { name: 'Preview of your post on X as @ada_on_x' });
    expect(within(x).getByText('Hello 👋')).toBeInTheDocument();
    expect(within(x).getByText('8 / 280')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Preview of your post on LinkedIn as Ada Lovelace' })).toHaveTextContent('Hello 👋');

    await user.click(button('Hide preview'));
    expect(screen.queryByRole('figure', { name: /Preview of your post/ })).not.toBeInTheDocument();
  });
});
