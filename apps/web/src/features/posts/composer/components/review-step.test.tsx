import type { postsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, reply, type MockAnswer, type MockHandler } from '../../../../test/api-mock';
import { aPost } from '../../../../test/post-data';
import { button, choosePlatforms, main, publishAnswer, publishedForm, renderWizard, writePost } from '../../../../test/wizard';

const dateInput = () => screen.getByLabelText('Date');
const timeInput = () => screen.getByLabelText('Time');

/** Straight to Review with the AI step skipped. */
async function toReview(options: Parameters<typeof renderWizard>[0] = {}, text = 'Big news') {
  const view = await renderWizard(options);
  await choosePlatforms(view.user, 'X (Twitter)', 'LinkedIn');
  await writePost(view.user, text, { skipAi: true });
  await screen.findByRole('heading', { name: 'Review & Schedule' });
  return view;
}

type Publish = typeof postsRoutes.publish;

function held(): { handler: MockHandler<Publish>; release: (answer: MockAnswer<Publish>) => void } {
  let release: (answer: MockAnswer<Publish>) => void = () => {};
  return { handler: () => new Promise<MockAnswer<Publish>>((resolve) => (release = resolve)), release: (answer) => release(answer) };
}

describe('Create post: step 4, review and schedule', () => {
  it('starts the Schedule fields at the calendar’s time (`?at=`), in the person’s zone, and schedules it', async () => {
    // 16:30 UTC is 17:30 in Berlin on 10 March.
    const { user, server } = await toReview({ path: '/create-post?at=2026-03-10T16:30:00.000Z' });
    expect(dateInput()).toHaveValue('2026-03-10');
    expect(timeInput()).toHaveValue('17:30');
    await user.click(button('Schedule'));
    expect(publishedForm(server).data).toMatchObject({ isScheduled: true, scheduleDate: '2026-03-10', scheduleTime: '16:30' });
  });

  it('ignores an `at` that is not an instant', async () => {
    await toReview({ path: '/create-post?at=tomorrow' });
    expect(dateInput()).toHaveValue('');
    expect(timeInput()).toHaveValue('');
  });

  it('shows what goes where, with the image, under the Schedule label', async () => {
    const view = await renderWizard();
    await choosePlatforms(view.user, 'X (Twitter)', 'LinkedIn');
    await view.user.upload(screen.getByLabelText(/^Media/), new File(['png'], 'launch.png', { type: 'image/png' }));
    await screen.findByText('Uploaded');
    await writePost(view.user, 'Big news', { skipAi: true });

    expect(await screen.findByRole('heading', { name: 'Review & Schedule' })).toHaveFocus();
    expect(
      within(screen.getByRole('navigation', { name: 'Progress' }))
        .getByText('Schedule')
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    const items = within(screen.getByRole('list', { name: 'What will be posted' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['X (Twitter)', 'LinkedIn']);
    expect(within(items[0] as HTMLElement).getByText('Big news')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('img', { name: 'Image attached to the X post' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(within(items[1] as HTMLElement).getByRole('img', { name: 'Image attached to the LinkedIn post' })).toBeInTheDocument();
  });

  it('flags an X text over 280 when the AI step was skipped, without blocking', async () => {
    await toReview({}, 'a'.repeat(290));

    expect(screen.getByText(/290 of 280 characters: 10 over X's limit/)).toBeInTheDocument();
    expect(button('Post Now')).toBeEnabled();
  });

  it('keeps Schedule disabled until both a date (minimum today) and a time are set', async () => {
    const { user } = await toReview();

    expect(dateInput()).toHaveAttribute('min', '2026-03-03');
    expect(button('Schedule')).toBeDisabled();
    await user.type(dateInput(), '2026-03-05');
    expect(button('Schedule')).toBeDisabled();
    expect(screen.getByText('Please select both date and time for scheduling')).toBeInTheDocument();
    expect(dateInput()).toHaveAccessibleDescription('Please select both date and time for scheduling');

    await user.type(timeInput(), '10:15');
    expect(button('Schedule')).toBeEnabled();
    expect(screen.queryByText('Please select both date and time for scheduling')).not.toBeInTheDocument();
  });

  it('shows the chosen moment in local time with the zone, and in UTC', async () => {
    const { user } = await toReview();

    await user.type(dateInput(), '2026-03-05');
    await user.type(timeInput(), '09:00');
    expect(within(main()).getByText('Thu, Mar 5, 2026, 9:00 AM (Europe/Berlin) · 8:00 AM UTC')).toBeInTheDocument();

    await user.clear(dateInput());
    await user.type(dateInput(), '2026-03-06');
    await user.clear(timeInput());
    await user.type(timeInput(), '00:30');
    expect(within(main()).getByText('Fri, Mar 6, 2026, 12:30 AM (Europe/Berlin) · Thu, Mar 5, 2026, 11:30 PM UTC')).toBeInTheDocument();
  });

  it("says 'Scheduled time must be in the future' and sends nothing for a past time", async () => {
    const { user, server } = await toReview();

    await user.type(dateInput(), '2026-03-03');
    await user.type(timeInput(), '09:30');
    await user.click(button('Schedule'));

    expect(screen.getByRole('alert')).toHaveTextContent('Scheduled time must be in the future');
    expect(timeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(api.posts.publish)).toHaveLength(0);

    await user.clear(timeInput());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the post as multipart: the UTC date and time from the local inputs, the zone, the draft and its images by id with alt texts', async () => {
    const view = await renderWizard();
    await choosePlatforms(view.user, 'X (Twitter)', 'LinkedIn');
    const image = new File(['png-bytes'], 'launch.png', { type: 'image/png' });
    await view.user.upload(screen.getByLabelText(/^Media/), image);
    await screen.findByText('Uploaded');
    await view.user.type(screen.getByLabelText('Alt text for launch.png'), 'Our launch poster');
    await writePost(view.user, 'Big news', { skipAi: true });
    await screen.findByRole('heading', { name: 'Review & Schedule' });

    await view.user.type(dateInput(), '2026-03-04');
    await view.user.type(timeInput(), '00:30');
    await view.user.click(button('Schedule'));

    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(view.pathname()).toBe('/feed');
    const sent = publishedForm(view.server);
    const storedId = (sent.data as { mediaIds: string[] }).mediaIds[0];
    expect(storedId).toMatch(/^0c0ffee0-/);
    expect(sent.data).toEqual({
      enhancedContent: { x: 'Big news', linkedin: 'Big news' },
      platforms: ['x', 'linkedin'],
      scheduleDate: '2026-03-03',
      scheduleTime: '23:30',
      isScheduled: true,
      linkedInOrgId: '',
      timeZone: 'Europe/Berlin',
      originalText: 'Big news',
      aiEnhanced: false,
      mediaIds: [storedId],
      media: [{ alt: 'Our launch poster' }],
    });
    // The image went up once (POST /api/v1/media, with its progress); the publish names it.
    expect(sent.image).toBeNull();
    expect(view.uploads.map((upload) => upload.file)).toEqual([image]);
    expect(view.server.callsTo(api.posts.publish)[0]?.headers).toMatchObject({ Authorization: 'Bearer stored-token' });
  });

  it('confirms a schedule in the person’s zone with Undo, which cancels it and brings the post back to Review', async () => {
    const posts = [aPost({ id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a51' }), aPost({ id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a52' })];
    const view = await renderWizard({
      routes: [
        reply(api.posts.publish, {
          status: 201,
          body: { postId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', scheduled: true, scheduleTime: '2026-03-04T17:30:00.000Z', posts },
        }),
        reply(api.posts.remove, { status: 204, body: null }),
      ],
    });
    await choosePlatforms(view.user, 'X (Twitter)', 'LinkedIn');
    await writePost(view.user, 'Big news', { skipAi: true });
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await view.user.type(dateInput(), '2026-03-04');
    await view.user.type(timeInput(), '18:30');
    await view.user.click(button('Schedule'));

    await screen.findByRole('heading', { name: 'Your Feed' });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Scheduled for Wed, Mar 4, 6:30 PM');
    expect(toast).toHaveTextContent('On X and LinkedIn.');

    await view.user.click(within(toast).getByRole('button', { name: 'Undo: cancel this schedule' }));

    expect(await screen.findByRole('heading', { name: 'Review & Schedule' })).toBeInTheDocument();
    expect(view.server.callsTo(api.posts.remove).map((call) => call.params.id)).toEqual(posts.map((post) => post.id));
    expect(screen.getByRole('status')).toHaveTextContent('Schedule cancelled');
    expect(within(screen.getByRole('list', { name: 'What will be posted' })).getAllByText('Big news')).toHaveLength(2);
    expect(dateInput()).toHaveValue('2026-03-04');
    expect(timeInput()).toHaveValue('18:30');
  });

  it('says when Undo comes too late: the server refuses a post that is already going out', async () => {
    const posts = [aPost({ id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a51' })];
    const view = await renderWizard({
      routes: [
        reply(api.posts.publish, {
          status: 201,
          body: { postId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', scheduled: true, scheduleTime: '2026-03-03T08:31:00.000Z', posts },
        }),
        reply(api.posts.remove, apiError(409, 'conflict', 'This post is being published right now; delete it once it is out.')),
      ],
    });
    await choosePlatforms(view.user, 'X (Twitter)');
    await writePost(view.user, 'Big news', { skipAi: true });
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await view.user.type(dateInput(), '2026-03-03');
    await view.user.type(timeInput(), '09:31');
    await view.user.click(button('Schedule'));
    await screen.findByRole('heading', { name: 'Your Feed' });

    await view.user.click(within(screen.getByRole('status')).getByRole('button', { name: /Undo/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not cancel the scheduleThis post is being published right now');
    expect(view.pathname()).toBe('/feed');
  });

  it('adds to the queue and says which slot each account took', async () => {
    const posts = [
      aPost({ id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a51', platform: 'x' }),
      aPost({ id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a52', platform: 'linkedin' }),
    ];
    const view = await toReview({
      routes: [
        reply(api.posts.publish, {
          status: 201,
          body: {
            postId: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
            scheduled: true,
            scheduleTime: '2026-03-05T08:00:00.000Z',
            posts,
            queued: [
              {
                id: posts[0]!.id,
                platform: 'x',
                accountId: posts[0]!.id,
                channelId: null,
                scheduledAt: '2026-03-05T08:00:00.000Z',
                timeZone: 'Europe/Berlin',
                note: null,
              },
              {
                id: posts[1]!.id,
                platform: 'linkedin',
                accountId: posts[1]!.id,
                channelId: null,
                scheduledAt: '2026-03-06T16:30:00.000Z',
                timeZone: 'Europe/Berlin',
                note: null,
              },
            ],
          },
        }),
      ],
    });
    expect(within(main()).getByRole('link', { name: 'Set up posting times' })).toHaveAttribute('href', '/queue');
    await view.user.click(button('Add to queue'));

    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(publishedForm(view.server).data).toMatchObject({ queue: true, isScheduled: false, scheduleDate: '', scheduleTime: '' });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Queued for Thu, Mar 5, 9:00 AM on X and Fri, Mar 6, 5:30 PM on LinkedIn');
    expect(within(toast).getByRole('button', { name: 'Undo: cancel this schedule' })).toBeInTheDocument();
  });

  it('confirms Post Now without Undo: the post is already on its way', async () => {
    const view = await toReview();
    await view.user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent(/^Posting to .+ now/);
    expect(within(toast).queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  it("posts now without a schedule and without an image part, showing 'Posting...' meanwhile", async () => {
    const publish = held();
    const { user, server, pathname } = await toReview({ routes: [reply(api.posts.publish, publish.handler)] });
    await user.type(dateInput(), '2026-03-05');
    await user.type(timeInput(), '10:00');

    await user.click(button('Post Now'));

    expect(button('Posting...')).toBeDisabled();
    expect(button('Schedule')).toBeDisabled();
    expect(button('Back')).toBeDisabled();
    const sent = publishedForm(server);
    expect(sent.data).toMatchObject({ isScheduled: false, scheduleDate: '', scheduleTime: '', timeZone: 'Europe/Berlin' });
    expect(sent.form.has('image')).toBe(false);

    publish.release(publishAnswer);
    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(pathname()).toBe('/feed');
  });

  it("shows 'Scheduling...' while scheduling, with both buttons disabled", async () => {
    const publish = held();
    const { user } = await toReview({ routes: [reply(api.posts.publish, publish.handler)] });
    await user.type(dateInput(), '2026-03-05');
    await user.type(timeInput(), '10:00');

    await user.click(button('Schedule'));

    expect(button('Scheduling...')).toBeDisabled();
    expect(button('Post Now')).toBeDisabled();
    publish.release(publishAnswer);
    await screen.findByRole('heading', { name: 'Your Feed' });
  });

  it("says 'Failed to create post. Please try again.' with the server's reason, and stays", async () => {
    const message = 'The X version is 290 characters and X allows 280 (links count 23, emoji 2). Shorten it, or let AI fit it.';
    const { user, pathname } = await toReview({ routes: [reply(api.posts.publish, apiError(422, 'validation_failed', message))] });

    await user.click(button('Post Now'));

    const alert = await within(main()).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create post. Please try again.');
    expect(alert).toHaveTextContent(message);
    expect(button('Post Now')).toBeEnabled();
    expect(pathname()).toBe('/create-post');
  });
});

describe('Create post: routing between steps (docs/product.md, Composer · Steps)', () => {
  it('goes straight to Review with "Post as written" on, and Back returns to Content', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await writePost(user, 'Hello', { skipAi: true });

    await screen.findByRole('heading', { name: 'Review & Schedule' });
    expect(server.callsTo(api.posts.enhance)).toHaveLength(0);
    await user.click(button('Back'));

    expect(await screen.findByRole('heading', { name: 'Write your post' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Post as written (skip AI tailoring)' })).toHaveAttribute('aria-checked', 'true');
  });

  it('goes through Enhance with the switch off (the default), and Back from Review returns to Enhance', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await writePost(user, 'Hello');

    await screen.findByRole('heading', { name: 'Tailor it for each network' });
    await screen.findByDisplayValue('x take 0: Hello');
    await user.click(button('Continue to Review'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await user.click(button('Back'));

    expect(await screen.findByRole('heading', { name: 'Tailor it for each network' })).toBeInTheDocument();
    await user.click(button('Back'));
    expect(await screen.findByRole('heading', { name: 'Write your post' })).toBeInTheDocument();
    await user.click(button('Back'));
    expect(await screen.findByRole('heading', { name: 'Choose where to post' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'X (Twitter)' })).toBeChecked();
    expect(within(main()).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});
