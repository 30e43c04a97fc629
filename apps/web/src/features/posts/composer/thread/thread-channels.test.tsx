import type { Channel } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from '../../../../test/api-mock';
import { button, postContent, publishedForm, renderWizard, skipAiSwitch } from '../../../../test/wizard';

const channel = (id: number, network: Channel['network'], name: string, kind: Channel['kind'] = 'person'): Channel => ({
  id: `7b1f2d3e-4c5a-4b6c-9d7e-8f9a0b1c2d0${id}`,
  network,
  kind,
  name,
  handle: name.toLowerCase().replace(/\W+/g, '_'),
  avatarUrl: null,
  accountId: `1e4d7b63-8a2f-4c9b-8d3e-6f7a8b9c0d0${id}`,
});
const mary = channel(1, 'x', 'Mary on X');
const alan = channel(2, 'x', 'Alan on X');
const club = channel(3, 'linkedin', 'Engine Club', 'organization');

const thread = (name = 'Thread on X') => within(screen.getByRole('region', { name }));

describe('Thread composer with channels (docs/product.md, Composer · Threads)', { timeout: 20_000 }, () => {
  afterEach(() => localStorage.clear());

  it('gives an X channel a thread of its own and a LinkedIn channel its own first comment', async () => {
    const { user, server } = await renderWizard({ routes: [reply(api.channels.list, { body: { channels: [mary, alan, club] } })] });
    for (const name of ['Mary on X', 'Alan on X', 'Engine Club']) await user.click(await screen.findByRole('checkbox', { name }));
    await user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Write your post' });
    await user.click(postContent());
    await user.paste('First part.\n---\nSecond part.');
    await user.click(thread().getByRole('button', { name: 'Split into thread' }));
    await user.click(screen.getByRole('textbox', { name: /^First comment on LinkedIn/ }));
    await user.paste('Link in the comment: https://example.com');
    await user.click(skipAiSwitch());
    await user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });

    const perChannel = within(screen.getByRole('region', { name: 'Text per channel' }));
    // An X channel posts the thread: it has no single text to write.
    expect(perChannel.queryByRole('button', { name: 'Write a different text for Mary on X' })).not.toBeInTheDocument();
    expect(perChannel.getAllByText('Posts the X thread (2 posts).')).toHaveLength(2);

    await user.click(perChannel.getByRole('button', { name: 'Own thread for Alan on X' }));
    const own = thread('Thread for Alan on X');
    expect(own.getByRole('textbox', { name: 'Post 1 of 2' })).toHaveValue('First part.');
    await user.type(own.getByRole('textbox', { name: 'Post 2 of 2' }), ' Alan adds this.');
    await user.click(own.getByRole('button', { name: 'Add post after post 2' }));
    await user.type(own.getByRole('textbox', { name: 'Post 3 of 3' }), 'Only on Alan.');
    expect(screen.getByRole('figure', { name: 'Preview of your post on X as @alan_on_x' }).querySelectorAll('article')).toHaveLength(3);
    expect(screen.getByRole('figure', { name: 'Preview of your post on X as @mary_on_x' }).querySelectorAll('article')).toHaveLength(2);

    await user.click(perChannel.getByRole('button', { name: 'Own first comment for Engine Club' }));
    const comment = perChannel.getByRole('textbox', { name: /^First comment for Engine Club/ });
    expect(comment).toHaveValue('Link in the comment: https://example.com');
    await user.clear(comment);
    await user.type(comment, 'The club’s own comment');

    await user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    const { data } = publishedForm(server);
    expect(data).toMatchObject({
      channels: [mary.id, alan.id, club.id],
      thread: { x: ['First part.', 'Second part.'] },
      perChannelThread: { [alan.id]: ['First part.', 'Second part. Alan adds this.', 'Only on Alan.'] },
      firstComment: { linkedin: 'Link in the comment: https://example.com' },
      perChannelFirstComment: { [club.id]: 'The club’s own comment' },
    });
    expect(data.perChannel).toEqual({});
  });
});
