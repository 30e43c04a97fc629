import type { AccountQueue } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, mockApi, reply, signIn, type MockRoute } from '../../test/api-mock';
import { aPageChannel } from '../../test/channel-data';
import { emptyPageData } from '../../test/page-data';
import { aPost } from '../../test/post-data';
import { renderApp } from '../../test/render-app';
// Loaded up front, so the first test does not wait for the lazy route chunk to compile.
import './queue-page';

const accountId = '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c01';
const first = aPost({ id: '11111111-1111-4111-8111-111111111111', text: 'First in line', status: 'scheduled' });
const second = aPost({ id: '22222222-2222-4222-8222-222222222222', text: 'Second in line', status: 'scheduled' });

const berlinQueue: AccountQueue = {
  accountId,
  platform: 'x',
  username: 'ada',
  displayName: 'Ada',
  timeZone: 'Europe/Berlin',
  paused: false,
  slots: [
    { day: 'tue', time: '09:00' },
    { day: 'wed', time: '09:00' },
    { day: 'thu', time: '09:00' },
  ],
  entries: [
    { at: '2030-03-05T08:00:00.000Z', day: 'tue', time: '09:00', note: null, post: first },
    { at: '2030-03-06T08:00:00.000Z', day: 'wed', time: '09:00', note: null, post: second },
    { at: '2030-03-07T08:00:00.000Z', day: 'thu', time: '09:00', note: null, post: null },
  ],
};

function renderQueue(...routes: MockRoute[]) {
  signIn();
  const server = mockApi(
    ...emptyPageData,
    reply(api.auth.profile, { body: { user: aUser() } }),
    reply(api.accounts.list, { body: { socials: [] } }),
    reply(api.queue.list, { body: { days: 14, accounts: [berlinQueue] } }),
    ...routes,
  );
  return { server, ...renderApp('/queue') };
}

const section = () => screen.findByRole('region', { name: 'X @ada' });
const slots = async () => within(within(await section()).getByRole('list', { name: 'Coming slots' })).getAllByRole('listitem');

describe('the queue page', () => {
  it('is in the sidebar and lists the coming slots, filled and empty, in the slots’ zone', async () => {
    renderQueue();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
    expect(within(await section()).getByText('Times in Europe/Berlin')).toBeInTheDocument();
    const items = await slots();
    expect(items).toHaveLength(3);
    expect(within(items[0] as HTMLElement).getByText('First in line')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Second in line')).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('Empty slot')).toBeInTheDocument();
    // 08:00 UTC is 09:00 in Berlin in March 2030 (before the change on the 31st).
    expect(items[0]).toHaveTextContent(/9:00/);
  });

  it("shows one channel's queue, chosen in the Channel filter, and each post under its channel's name and picture", async () => {
    const page = aPageChannel();
    const fromPage = aPost({
      text: 'From the club',
      platform: 'linkedin',
      author: { kind: 'page', name: page.name, handle: page.handle, avatar_url: page.avatarUrl, channel_id: page.id },
    });
    const memberQueue: AccountQueue = {
      ...berlinQueue,
      accountId: page.accountId,
      platform: 'linkedin',
      username: null,
      displayName: 'Grace Member',
      entries: [{ at: '2030-03-05T08:00:00.000Z', day: 'tue', time: '09:00', note: null, post: fromPage }],
    };
    const { user, server } = renderQueue(
      reply(api.channels.list, { body: { channels: [page] } }),
      reply(api.queue.list, ({ search }) => ({
        body: { days: 14, accounts: search.get('channelId') === page.id ? [memberQueue] : [berlinQueue, memberQueue] },
      })),
    );
    await section();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Channel' }), 'Difference Club (LinkedIn page)');
    await expect.poll(() => server.callsTo(api.queue.list).at(-1)?.search.get('channelId')).toBe(page.id);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'X @ada' })).toBeNull());
    const slot = within(await screen.findByRole('region', { name: 'LinkedIn Grace Member' })).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(slot).getByText('Difference Club')).toBeInTheDocument();
    expect(slot.querySelector('img')).toHaveAttribute('src', page.avatarUrl);
    expect(within(slot).getByText('From the club')).toBeInTheDocument();
  });

  it('moves a post up by swapping it into the slot before it', async () => {
    const { user, server } = renderQueue(reply(api.queue.move, { body: { posts: [first, second] } }));
    const items = await slots();
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Move up' })).toBeDisabled();
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Move up' }));
    await expect.poll(() => server.callsTo(api.queue.move).length).toBe(1);
    const [call] = server.callsTo(api.queue.move);
    expect(call?.params).toEqual({ id: second.id });
    expect(call?.body).toEqual({ to: '2030-03-05T08:00:00.000Z' });
  });

  it('saves posting times added in the slot editor, and says so once the page shows them', async () => {
    // As the server does: the queue read after the save has the new times.
    let saved = berlinQueue;
    const { user, server } = renderQueue(
      reply(api.queue.list, () => ({ body: { days: 14, accounts: [saved] } })),
      reply(api.queue.putSlots, ({ body }) => {
        saved = { ...berlinQueue, slots: body.slots as AccountQueue['slots'] };
        return { body: { accountId, timeZone: body.timeZone, slots: saved.slots, paused: false, merged: [] } };
      }),
    );
    const editor = within(await section()).getByRole('group', { name: 'Posting times for X @ada' });
    await user.click(within(editor).getByRole('button', { name: 'Remove Wed 09:00' }));
    await user.selectOptions(within(editor).getByLabelText('Day'), 'fri');
    const time = within(editor).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '17:30');
    await user.click(within(editor).getByRole('button', { name: 'Add time' }));
    await user.click(within(editor).getByRole('button', { name: 'Save posting times' }));

    const after = within(await section()).getByRole('group', { name: 'Posting times for X @ada' });
    expect(await within(after).findByText('Posting times saved')).toBeInTheDocument();
    expect(within(after).getByRole('button', { name: 'Remove Fri 17:30' })).toBeInTheDocument();
    expect(server.callsTo(api.queue.putSlots, { accountId })[0]?.body).toEqual({
      timeZone: 'Europe/Berlin',
      slots: [
        { day: 'tue', time: '09:00' },
        { day: 'thu', time: '09:00' },
        { day: 'fri', time: '17:30' },
      ],
    });
  });

  it('pauses the queue', async () => {
    const { user, server } = renderQueue(
      reply(api.queue.putSlots, { body: { accountId, timeZone: 'Europe/Berlin', slots: berlinQueue.slots, paused: true, merged: [] } }),
    );
    await user.click(within(await section()).getByRole('switch', { name: 'Pause queue' }));
    await expect.poll(() => server.callsTo(api.queue.putSlots).length).toBe(1);
    expect(server.callsTo(api.queue.putSlots)[0]?.body).toMatchObject({ paused: true });
  });

  it('suggests times from the account’s best times and adds them in one click', async () => {
    const { user, server } = renderQueue(
      reply(api.queue.suggestions, {
        body: {
          accountId,
          timeZone: 'Europe/Berlin',
          sampleSize: 60,
          needed: 30,
          confidence: 'medium',
          message: 'Your posts on X do best Tue–Thu 08:00–10:00. Confidence: medium, from 14 of your 60 posts.',
          slots: [{ day: 'fri', time: '08:00' }],
        },
      }),
      reply(api.queue.putSlots, ({ body }) => ({
        body: { accountId, timeZone: body.timeZone, slots: body.slots as AccountQueue['slots'], paused: false, merged: [] },
      })),
    );
    await user.click(within(await section()).getByRole('button', { name: 'Suggest times' }));
    expect(await within(await section()).findByText(/do best Tue–Thu 08:00–10:00/)).toBeInTheDocument();
    await user.click(within(await section()).getByRole('button', { name: 'Add suggested times' }));
    await expect.poll(() => server.callsTo(api.queue.putSlots).length).toBe(1);
    expect(server.callsTo(api.queue.putSlots)[0]?.body).toEqual({
      timeZone: 'Europe/Berlin',
      slots: [...berlinQueue.slots, { day: 'fri', time: '08:00' }],
    });
  });
});
