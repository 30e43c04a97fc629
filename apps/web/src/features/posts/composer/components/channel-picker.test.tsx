import { api } from '@postflow/contract/client';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../test/api-mock';
import { adaOnLinkedIn, adaOnX as ada, differenceClub as page, graceOnX as grace } from '../../../../test/channel-data';
import { button, main, publishedForm, renderWizard, writePost } from '../../../../test/wizard';

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

  it('keeps the networks’ cards while each network has one place to post', async () => {
    const view = await renderWizard({ routes: [reply(api.channels.list, { body: { channels: [ada, adaOnLinkedIn] } })] });
    await waitFor(() => expect(view.server.callsTo(api.channels.list)).toHaveLength(1));
    await act(async () => {});
    expect(await screen.findByRole('checkbox', { name: 'X (Twitter)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
  });

  it('offers the channels once a member administers a page: the member and the page take one post, each with its own text', async () => {
    const view = await renderWizard({ routes: [reply(api.channels.list, { body: { channels: [ada, adaOnLinkedIn, page] } })] });
    expect(await screen.findByRole('checkbox', { name: 'Ada Lovelace' })).toHaveAccessibleDescription('LinkedIn member');
    expect(screen.getByRole('checkbox', { name: 'Difference Club' })).toHaveAccessibleDescription('LinkedIn page · difference-club');
    await view.user.click(screen.getByRole('checkbox', { name: 'Ada Lovelace' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'Difference Club' }));
    await view.user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Write your post' });
    // One way to choose: no second "post as" control on Content.
    expect(screen.queryByRole('group', { name: 'Post to LinkedIn as' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(view.server.callsTo(api.accounts.linkedInOrganizations)).toHaveLength(0);

    await writePost(view.user, 'We are hiring', { skipAi: true });
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await view.user.click(button('Write a different text for Difference Club'));
    const own = screen.getByRole('textbox', { name: 'Text for Difference Club' });
    await view.user.clear(own);
    await view.user.click(own);
    await view.user.paste('Difference Club is hiring');
    expect(screen.getByRole('figure', { name: 'Preview of your post on LinkedIn as Ada Lovelace' })).toHaveTextContent('We are hiring');
    const pagePreview = screen.getByRole('figure', { name: 'Preview of your post on LinkedIn as Difference Club' });
    expect(pagePreview).toHaveTextContent('Difference Club is hiring');
    expect(pagePreview).toHaveTextContent('Company page');
    await view.user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });

    const { data } = publishedForm(view.server);
    expect(data).toMatchObject({
      channels: [adaOnLinkedIn.id, page.id],
      perChannel: { [page.id]: 'Difference Club is hiring' },
      platforms: ['linkedin'],
    });
    expect(data.linkedInOrgId).toBeUndefined();
  });

  it('asks for a channel before going on', async () => {
    const view = await withChannels();
    await screen.findByRole('checkbox', { name: 'Ada on X' });
    await view.user.click(button('Next'));
    expect(main()).toHaveTextContent('Please select at least one platform');
    expect(screen.getByRole('heading', { name: 'Choose where to post' })).toBeInTheDocument();
  });
});
