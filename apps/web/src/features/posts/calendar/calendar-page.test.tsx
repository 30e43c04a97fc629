import type { calendarRoutes, CalendarItem, postsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aCalendarItem, aDraft, anAccount, aUser, aWorkspace, mockApi, reply, signIn, type MockHandler } from '../../../test/api-mock';
import { aPost as aStoredPost, aStoppedThread } from '../../../test/post-data';
import { renderApp } from '../../../test/render-app';

// The person chose New York, whose clocks go forward on Sunday 8 March 2026 at 02:00.
const newYorker = aUser({ timeZone: 'America/New_York' });

type Calendar = typeof calendarRoutes.items;
type Reschedule = typeof postsRoutes.reschedule;

/** Answers the calendar with `items`, whatever range is asked. */
const answering =
  (items: CalendarItem[]): MockHandler<Calendar> =>
  () => ({ body: { items, more: [], timeZone: 'America/New_York', historyStart: null } });

/** Accepts a move and answers the post as moved. */
const accepting: MockHandler<Reschedule> = ({ params, body }) => ({
  body: {
    post: {
      id: params.id,
      post_id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
      user_id: null,
      platform: 'x',
      text: 'Launch day is here',
      status: 'scheduled',
      media_urls: [],
      media_alts: [],
      media_kinds: [],
      document_title: null,
      link_card: null,
      platform_url: null,
      scheduled_for: body.scheduledAt,
      published_at: null,
      created_at: '2026-02-01T00:00:00.000Z',
      time_zone: 'America/New_York',
      linkedin_org_id: null,
      failure_reason: null,
      likes_count: 0,
      comments_count: 0,
      shares_count: 0,
      metrics_updated_at: null,
      account: { id: null, username: 'ada_on_x', displayName: 'Ada on X', sandbox: false },
      author: { kind: 'account', name: 'Ada on X', handle: 'ada_on_x', avatar_url: null },
    },
  },
});

/** The page at `path` with `items` on it, once its first answer is shown. */
async function renderCalendar(path: string, items: CalendarItem[], reschedule: MockHandler<Reschedule> = accepting) {
  signIn();
  // The server's side: a move it accepts shows in the calendar read after it.
  let stored = items;
  const server = mockApi(
    reply(api.auth.profile, { body: { user: newYorker } }),
    reply(api.accounts.list, { body: { socials: [anAccount()] } }),
    reply(api.calendar.items, (call, index) => answering(stored)(call, index)),
    // A draft opened from the calendar is read by the composer.
    reply(api.drafts.get, ({ params }) => ({ body: { draft: aDraft({ id: params.id, text: 'Half an idea' }) } })),
    reply(api.posts.reschedule, async (call, index) => {
      const answer = await reschedule(call, index);
      if (typeof answer === 'object' && (!('status' in answer) || answer.status === undefined || answer.status === 200)) {
        const at = call.body.scheduledAt;
        stored = stored.map((item) => (item.id === call.params.id ? { ...item, at, scheduledAt: at } : item));
      }
      return answer;
    }),
  );
  const view = renderApp(path);
  // The first visit loads the page's code: give it time on a busy machine.
  await screen.findByRole('heading', { name: 'Calendar', level: 1 }, { timeout: 10_000 });
  await waitFor(() => expect(server.callsTo(api.calendar.items).length).toBeGreaterThan(0));
  return { server, ...view };
}

const day = (name: string) => screen.getByRole('group', { name });
/** A post's own button (its name starts with the network), not its Actions menu. */
const postNamed = (text: string) => new RegExp(`^(X|LinkedIn) · .*${text}`);
const itemIn = (group: HTMLElement, text: string) => within(group).getByRole('button', { name: postNamed(text) });
const card = (button: HTMLElement) => button.closest('li') as HTMLElement;

function drag(from: HTMLElement, to: HTMLElement) {
  fireEvent.dragStart(from);
  fireEvent.dragOver(to);
  fireEvent.drop(to);
  fireEvent.dragEnd(from);
}

// The week view draws 336 half-hour cells: on a machine shared with other work, rendering it takes a while.
describe('Calendar (/calendar)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T17:00:00Z')); // Sunday 1 March, 12:00 in New York
  });
  afterEach(() => vi.useRealTimers());

  it('shows the month in the person’s zone: each post on its local day, with its network and status in words', async () => {
    const { server } = await renderCalendar('/calendar?date=2026-03-15', [
      // 23:30 on Monday 30 March in New York, already Tuesday in UTC.
      aCalendarItem({ id: '11111111-1111-4111-8111-111111111111', at: '2026-03-31T03:30:00.000Z', text: 'Late evening post' }),
      aCalendarItem({
        id: '22222222-2222-4222-8222-222222222222',
        at: '2026-03-05T15:00:00.000Z',
        status: 'published',
        publishedAt: '2026-03-05T15:00:00.000Z',
        platforms: ['linkedin'],
        text: 'Out already',
      }),
    ]);

    expect(await screen.findByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    expect(screen.getByText('Times are in your time zone, America/New_York.')).toBeInTheDocument();
    expect(await within(day('Mon, Mar 30')).findByRole('button', { name: postNamed('Late evening post') })).toHaveAccessibleName(
      'X · 11:30 PM · Scheduled: Late evening post',
    );
    expect(within(day('Tue, Mar 31')).queryByRole('button', { name: postNamed('Late evening post') })).toBeNull();
    expect(itemIn(day('Thu, Mar 5'), 'Out already')).toHaveAccessibleName('LinkedIn · 10:00 AM · Published: Out already');
    // Six weeks from Monday 23 February, midnight in New York (EST) to Monday 6 April (EDT).
    const query = server.callsTo(api.calendar.items).at(-1)?.search;
    expect(query?.get('start')).toBe('2026-02-23T05:00:00.000Z');
    expect(query?.get('end')).toBe('2026-04-06T04:00:00.000Z');
    expect(query?.get('timeZone')).toBe('America/New_York');
  });

  it('shows the week of the spring change with 23 hours on Sunday, and a 09:00 post at 09:00 on both sides', async () => {
    const { server } = await renderCalendar('/calendar?view=week&date=2026-03-04', [
      aCalendarItem({ id: '11111111-1111-4111-8111-111111111111', at: '2026-03-07T14:00:00.000Z', text: 'Saturday nine' }),
      aCalendarItem({ id: '22222222-2222-4222-8222-222222222222', at: '2026-03-08T13:00:00.000Z', text: 'Sunday nine' }),
    ]);

    expect(await screen.findByRole('heading', { name: 'Mar 2 – Mar 8, 2026' })).toBeInTheDocument();
    const saturday = day('Sat, Mar 7');
    const sunday = day('Sun, Mar 8');
    expect(await within(saturday).findByRole('list', { name: 'Posts on Sat, Mar 7 at 09:00' })).toHaveTextContent('Saturday nine');
    expect(within(sunday).getByRole('list', { name: 'Posts on Sun, Mar 8 at 09:00' })).toHaveTextContent('Sunday nine');
    // The clocks skip 02:00–03:00 that night: 46 half hours, and nothing to schedule in the gap.
    expect(within(sunday).getAllByRole('button', { name: /^New post on Sun, Mar 8 at/ })).toHaveLength(46);
    expect(within(saturday).getAllByRole('button', { name: /^New post on Sat, Mar 7 at/ })).toHaveLength(48);
    expect(within(sunday).queryByRole('button', { name: 'New post on Sun, Mar 8 at 02:00' })).toBeNull();
    expect(within(sunday).getByText('02:30 skipped: the clocks go forward')).toBeInTheDocument();
    const query = server.callsTo(api.calendar.items).at(-1)?.search;
    expect(query?.get('start')).toBe('2026-03-02T05:00:00.000Z');
    expect(query?.get('end')).toBe('2026-03-09T04:00:00.000Z');
  });

  it('moves a dragged post to another day at the same local time, and Undo puts it back', async () => {
    const { server, user } = await renderCalendar('/calendar?date=2026-03-15', [
      aCalendarItem({ at: '2026-03-10T13:00:00.000Z', scheduledAt: '2026-03-10T13:00:00.000Z' }),
    ]);
    const post = await within(day('Tue, Mar 10')).findByRole('button', { name: postNamed('Launch day') });

    drag(card(post), day('Thu, Mar 12'));

    // At once, before the server answers the reload.
    expect(await within(day('Thu, Mar 12')).findByRole('button', { name: postNamed('Launch day') })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(api.posts.reschedule)).toHaveLength(1));
    const move = server.callsTo(api.posts.reschedule)[0];
    expect(move?.params.id).toBe('7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    expect(move?.body).toEqual({ scheduledAt: '2026-03-12T13:00:00.000Z' });
    expect(await screen.findByText('Moved to Thu, Mar 12, 9:00 AM')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo the move' }));
    await waitFor(() => expect(server.callsTo(api.posts.reschedule)).toHaveLength(2));
    expect(server.callsTo(api.posts.reschedule)[1]?.body).toEqual({ scheduledAt: '2026-03-10T13:00:00.000Z' });
    expect(await screen.findByText('Moved back to Tue, Mar 10, 9:00 AM')).toBeInTheDocument();
  });

  it('moves a post in the week view to the slot it is dropped on', async () => {
    const { server } = await renderCalendar('/calendar?view=week&date=2026-03-11', [aCalendarItem({ at: '2026-03-10T13:00:00.000Z' })]);
    const post = await within(day('Tue, Mar 10')).findByRole('button', { name: postNamed('Launch day') });
    const slot = within(day('Fri, Mar 13')).getByRole('button', { name: 'New post on Fri, Mar 13 at 16:30' }).parentElement as HTMLElement;

    drag(card(post), slot);

    await waitFor(() => expect(server.callsTo(api.posts.reschedule)[0]?.body).toEqual({ scheduledAt: '2026-03-13T20:30:00.000Z' }));
  });

  it('puts a refused move back and says why', async () => {
    const { server } = await renderCalendar('/calendar?date=2026-03-15', [aCalendarItem({ at: '2026-03-10T13:00:00.000Z' })], () => ({
      status: 409,
      body: { error: { code: 'conflict', message: 'This post is being published right now, so it cannot be moved.' } },
    }));
    const post = await within(day('Tue, Mar 10')).findByRole('button', { name: postNamed('Launch day') });
    drag(card(post), day('Thu, Mar 12'));
    expect(await screen.findByText('This post is being published right now, so it cannot be moved.')).toBeInTheDocument();
    expect(within(day('Tue, Mar 10')).getByRole('button', { name: postNamed('Launch day') })).toBeInTheDocument();
    expect(server.callsTo(api.posts.reschedule)).toHaveLength(1);
  });

  it('does not move a published post, and says why when one is dragged', async () => {
    const { server } = await renderCalendar('/calendar?date=2026-03-15', [
      aCalendarItem({ at: '2026-03-02T15:00:00.000Z', status: 'published', publishedAt: '2026-03-02T15:00:00.000Z', text: 'Already out' }),
    ]);
    const post = await within(day('Mon, Mar 2')).findByRole('button', { name: postNamed('Already out') });
    drag(card(post), day('Thu, Mar 12'));
    expect(await screen.findByText('Published posts cannot be moved: they are already out.')).toBeInTheDocument();
    expect(server.callsTo(api.posts.reschedule)).toHaveLength(0);
    expect(within(day('Mon, Mar 2')).getByRole('button', { name: postNamed('Already out') })).toBeInTheDocument();
  });

  it('moves a post from the keyboard: Actions, Move to…, a date and a time in the person’s zone', async () => {
    const { server, user } = await renderCalendar('/calendar?date=2026-03-15', [aCalendarItem({ at: '2026-03-10T13:00:00.000Z' })]);
    await user.click(await screen.findByRole('button', { name: 'Actions for “Launch day is here”' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move to…' }));
    const dialog = screen.getByRole('dialog', { name: 'Move to…' });
    const date = within(dialog).getByLabelText('Date');
    const time = within(dialog).getByLabelText('Time');
    expect(date).toHaveValue('2026-03-10');
    expect(time).toHaveValue('09:00');
    fireEvent.change(date, { target: { value: '2026-03-20' } });
    fireEvent.change(time, { target: { value: '18:45' } });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    // 18:45 in New York on 20 March (EDT, UTC−4).
    await waitFor(() => expect(server.callsTo(api.posts.reschedule)[0]?.body).toEqual({ scheduledAt: '2026-03-20T22:45:00.000Z' }));
  });

  it('opens the composer at a clicked empty slot or day, in the person’s zone', async () => {
    const week = await renderCalendar('/calendar?view=week&date=2026-03-04', []);
    await week.user.click(await screen.findByRole('button', { name: 'New post on Tue, Mar 3 at 10:30' }));
    await waitFor(() => expect(week.pathname()).toBe('/create-post'));
    expect(new URLSearchParams(week.router.state.location.search).get('at')).toBe('2026-03-03T15:30:00.000Z');
    week.unmount();

    const month = await renderCalendar('/calendar?date=2026-03-15', []);
    await month.user.click(await screen.findByRole('button', { name: 'New post on Wed, Mar 11' }));
    await waitFor(() => expect(month.pathname()).toBe('/create-post'));
    // The morning of that day, 09:00 in New York.
    expect(new URLSearchParams(month.router.state.location.search).get('at')).toBe('2026-03-11T13:00:00.000Z');
  });

  it('says how many more posts a full day holds, and opens its week', async () => {
    signIn();
    mockApi(
      reply(api.auth.profile, { body: { user: newYorker } }),
      reply(api.accounts.list, { body: { socials: [anAccount()] } }),
      reply(api.calendar.items, ({ search }) => ({
        body: {
          items: [],
          more:
            search.get('perDay') === '3'
              ? [{ start: '2026-03-12T04:00:00.000Z', end: '2026-03-13T04:00:00.000Z', count: 5, exact: true }]
              : [],
          timeZone: 'America/New_York',
          historyStart: null,
        },
      })),
    );
    const view = renderApp('/calendar?date=2026-03-15');
    await view.user.click(
      await within(await screen.findByRole('group', { name: 'Thu, Mar 12' }, { timeout: 10_000 })).findByRole('button', {
        name: '+5 more',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Mar 9 – Mar 15, 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens a post to edit, a published one to read, and a draft in the composer', async () => {
    const { user, pathname, router } = await renderCalendar('/calendar?date=2026-03-15', [
      aCalendarItem({ at: '2026-03-10T13:00:00.000Z' }),
      aCalendarItem({
        id: '22222222-2222-4222-8222-222222222222',
        at: '2026-03-02T15:00:00.000Z',
        status: 'published',
        publishedAt: '2026-03-02T15:00:00.000Z',
        text: 'Already out',
        platformUrl: 'https://x.com/ada_on_x/status/1',
      }),
      aCalendarItem({
        id: '33333333-3333-4333-8333-333333333333',
        kind: 'draft',
        status: 'draft',
        at: '2026-03-20T14:00:00.000Z',
        platforms: ['x', 'linkedin'],
        text: 'Half an idea',
      }),
    ]);
    await user.click(await within(day('Tue, Mar 10')).findByRole('button', { name: postNamed('Launch day') }));
    const edit = screen.getByRole('dialog', { name: 'Edit Scheduled Post' });
    expect(within(edit).getByRole('textbox', { name: /content/i })).toHaveValue('Launch day is here');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));

    await user.click(within(day('Mon, Mar 2')).getByRole('button', { name: postNamed('Already out') }));
    const details = screen.getByRole('dialog', { name: 'X post' });
    expect(within(details).getByRole('link', { name: 'Open on X' })).toHaveAttribute('href', 'https://x.com/ada_on_x/status/1');
    await user.click(within(details).getByRole('button', { name: 'Close' }));

    await user.click(within(day('Fri, Mar 20')).getByRole('button', { name: /^X and LinkedIn · .*Draft: Half an idea/ }));
    await waitFor(() => expect(pathname()).toBe('/create-post'));
    expect(router.state.location.search).toBe('?draft=33333333-3333-4333-8333-333333333333');
  });

  it('shows a thread as one item, and opens it with its parts and what stopped it (docs/product.md, Composer · Threads)', async () => {
    const { user } = await renderCalendar('/calendar?date=2026-03-15', [
      aCalendarItem({
        at: '2026-03-02T15:00:00.000Z',
        status: 'partially_published',
        publishedAt: '2026-03-02T15:00:00.000Z',
        text: 'Part 1 of the thread',
        thread: aStoppedThread(3, 2),
      }),
    ]);
    const item = await within(day('Mon, Mar 2')).findByRole('button', { name: postNamed('Part 1 of the thread · thread of 3 parts') });
    expect(within(day('Mon, Mar 2')).getAllByRole('button', { name: postNamed('thread') })).toHaveLength(1);
    expect(item).toHaveAccessibleName(/Partly published/);

    await user.click(item);
    const details = screen.getByRole('dialog', { name: 'X post' });
    expect(within(details).getByText('Partly published: 1 of 3 parts went out.')).toBeInTheDocument();
    expect(within(within(details).getByRole('listitem', { name: 'Part 2 of 3' })).getByText('X refused part 2.')).toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Retry from part 2' })).toBeInTheDocument();
  });

  it('shows in the open details that a retried thread is going out again, with no second retry offered', async () => {
    const stopped = aCalendarItem({
      at: '2026-03-02T15:00:00.000Z',
      status: 'partially_published',
      publishedAt: '2026-03-02T15:00:00.000Z',
      text: 'Part 1 of the thread',
      thread: aStoppedThread(3, 2),
    });
    let stored = [stopped];
    signIn();
    mockApi(
      reply(api.auth.profile, { body: { user: newYorker } }),
      reply(api.accounts.list, { body: { socials: [anAccount()] } }),
      reply(api.calendar.items, (call, index) => answering(stored)(call, index)),
      reply(api.posts.retry, ({ params }) => {
        // The server resumes from part 2: it and part 3 wait to go out again.
        stored = [
          {
            ...stopped,
            status: 'pending',
            thread: stopped.thread?.map((part) =>
              part.position === 1 ? part : { ...part, status: 'scheduled' as const, failure_reason: null },
            ),
          },
        ];
        return { body: { post: aStoredPost({ id: params.id, status: 'pending' }) } };
      }),
    );
    const { user } = renderApp('/calendar?date=2026-03-15');
    const item = await within(await screen.findByRole('group', { name: 'Mon, Mar 2' }, { timeout: 10_000 })).findByRole('button', {
      name: postNamed('Part 1 of the thread · thread of 3 parts'),
    });
    await user.click(item);
    const details = screen.getByRole('dialog', { name: 'X post' });
    await user.click(within(details).getByRole('button', { name: 'Retry from part 2' }));

    await waitFor(() => expect(within(details).queryByRole('button', { name: /Retry from part/ })).not.toBeInTheDocument());
    expect(within(within(details).getByRole('listitem', { name: 'Part 2 of 3' })).getByText('Scheduled')).toBeInTheDocument();
    expect(within(details).queryByText('X refused part 2.')).not.toBeInTheDocument();
  });

  it('lets a viewer read the calendar but not move or create posts', async () => {
    signIn();
    mockApi(
      reply(api.workspaces.list, { body: { workspaces: [aWorkspace({ role: 'viewer', personal: false })] } }),
      reply(api.auth.profile, { body: { user: newYorker } }),
      reply(api.accounts.list, { body: { socials: [anAccount()] } }),
      reply(api.calendar.items, answering([aCalendarItem({ at: '2026-03-10T13:00:00.000Z' })])),
    );
    renderApp('/calendar?date=2026-03-15');
    const post = await within(await screen.findByRole('group', { name: 'Tue, Mar 10' }, { timeout: 10_000 })).findByRole('button', {
      name: postNamed('Launch day'),
    });
    expect(card(post)).toHaveAttribute('draggable', 'false');
    expect(screen.queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^New post on/ })).toBeNull();
  });

  it('offers no new post on a past day, and filters by network', async () => {
    const { server, user } = await renderCalendar('/calendar?date=2026-03-15', []);
    await screen.findByRole('heading', { name: 'March 2026' });
    expect(within(day('Fri, Feb 27')).queryByRole('button', { name: /New post/ })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Network'), 'LinkedIn');
    await waitFor(() => expect(server.callsTo(api.calendar.items).at(-1)?.search.get('network')).toBe('linkedin'));
  });
});
