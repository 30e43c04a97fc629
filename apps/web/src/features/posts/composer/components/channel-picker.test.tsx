import type { Channel } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../test/api-mock';
import { button, main, publishedForm, renderWizard, writePost } from '../../../../test/wizard';

const ada: Channel = {
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c01',
  network: 'x',
  kind: 'person',
  name: 'Ada on X',
  handle: 'ada_on_x',
  avatarUrl: null,
  accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c01',
};
const grace: Channel = {
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02',
  network: 'x',
  kind: 'person',
  name: 'Grace on X',
  handle: 'grace_on_x',
  avatarUrl: null,
  accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c03',
};
const page: Channel = {
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c03',
  network: 'linkedin',
  kind: 'organization',
  name: 'Difference Club',
  handle: 'difference-club',
  avatarUrl: null,
  accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02',
};

const withChannels = () => renderWizard({ routes: [reply(api.channels.list, { body: { channels: [ada, grace, page] } })] });

describe('Create post: choosing channels (docs/product.md, Channels)', () => {
  afterEach(() => localStorage.clear());

  it('offers every channel with its name and network, and posts to the chosen ones with a text of their own', async () => {
    const view = await withChannels();
    expect(await screen.findByRole('checkbox', { name: 'Ada on X' })).toHaveAccessibleDescription('X · @ada_on_x');
    expect(screen.getByRole('checkbox', { name: 'Difference Club' })).toHaveAccessibleDescription('LinkedIn page · difference-club');

    await view.user.click(screen.getByRole('checkbox', { name: 'Grace on X' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'Difference Club' }));
    await view.user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Write your post' });
    // The page is a channel of its own: no separate "post as" choice for LinkedIn.
    expect(screen.queryByRole('radio', { name: 'Difference Club' })).not.toBeInTheDocument();

    await writePost(view.user, 'Launch day', { skipAi: true });
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await view.user.click(button('Write a different text for Grace on X'));
    const own = screen.getByRole('textbox', { name: 'Text for Grace on X' });
    await view.user.clear(own);
    await view.user.click(own);
    await view.user.paste('Grace says: launch day');
    // Each chosen channel is previewed under its own name, with the text it will get.
    expect(await screen.findByRole('figure', { name: 'Preview of your post on X as @grace_on_x' })).toHaveTextContent(
      'Grace says: launch day',
    );
    expect(screen.getByRole('figure', { name: 'Preview of your post on LinkedIn as Difference Club' })).toHaveTextContent('Launch day');
    await view.user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });

    expect(publishedForm(view.server).data).toMatchObject({
      channels: [grace.id, page.id],
      perChannel: { [grace.id]: 'Grace says: launch day' },
      platforms: ['x', 'linkedin'],
      enhancedContent: { x: 'Launch day', linkedin: 'Launch day' },
    });
  });

  it('remembers the last choice for the next post', async () => {
    const first = await withChannels();
    await first.user.click(await screen.findByRole('checkbox', { name: 'Grace on X' }));
    cleanup();

    await withChannels();
    expect(await screen.findByRole('checkbox', { name: 'Grace on X' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ada on X' })).not.toBeChecked();
  });

  it('keeps the networks’ cards while each network has one account (its pages are chosen on Content)', async () => {
    const ada2 = { ...ada, id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c04' };
    const member: Channel = { ...page, id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c05', kind: 'person', name: 'Ada Lovelace', handle: null };
    const view = await renderWizard({ routes: [reply(api.channels.list, { body: { channels: [ada2, member, page] } })] });
    await waitFor(() => expect(view.server.callsTo(api.channels.list)).toHaveLength(1));
    await act(async () => {});
    expect(await screen.findByRole('checkbox', { name: 'X (Twitter)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Difference Club' })).not.toBeInTheDocument();
  });

  it('asks for a channel before going on', async () => {
    const view = await withChannels();
    await screen.findByRole('checkbox', { name: 'Ada on X' });
    await view.user.click(button('Next'));
    expect(main()).toHaveTextContent('Please select at least one platform');
    expect(screen.getByRole('heading', { name: 'Choose where to post' })).toBeInTheDocument();
  });
});
