import { api } from '@postflow/contract/client';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, RETRY_DELAYS_MS } from './draft-saver';
import { A_DRAFT_ID, aDraft, apiError, reply } from '../../../test/api-mock';
import { adaOnLinkedIn, adaOnX, differenceClub } from '../../../test/channel-data';
import { button, choosePlatforms, linkedInAccount, main, postContent, publishedForm, renderWizard, xAccount } from '../../../test/wizard';

const status = (words: string) => within(main()).findByText(words, {}, { timeout: 3_000 });

describe('Create post: the draft is saved as you type (docs/decisions/141-drafts.md)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once per pause in typing, shows Saving… then Saved, and names the draft in the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const view = await renderWizard({ userEvent: { advanceTimers: vi.advanceTimersByTime } });
    await choosePlatforms(view.user, 'X (Twitter)');
    // Choosing a network alone starts no draft.
    expect(view.server.callsTo(api.drafts.create)).toHaveLength(0);

    await view.user.type(postContent(), 'Launch');
    expect(view.server.callsTo(api.drafts.create)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(await status('Saved')).toBeInTheDocument();
    expect(view.server.callsTo(api.drafts.create).map((call) => call.body)).toEqual([
      expect.objectContaining({ text: 'Launch', platforms: ['x'], timeZone: 'Europe/Berlin', media: [] }),
    ]);
    expect(view.router.state.location.search).toBe(`?draft=${A_DRAFT_ID}`);
    // The composer stayed as it was: the address changed under it, not the screen.
    expect(postContent()).toHaveValue('Launch');

    await view.user.type(postContent(), ' day');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    await waitFor(() => expect(view.server.callsTo(api.drafts.update)).toHaveLength(1), { timeout: 3_000 });
    expect(view.server.callsTo(api.drafts.update)[0]?.body).toMatchObject({ text: 'Launch day', revision: 1 });
    expect(view.server.callsTo(api.drafts.create)).toHaveLength(1);
    expect(await status('Saved')).toBeInTheDocument();
  });

  it('says "Not saved — retrying" while the server is out of reach, and saves when it answers again', async () => {
    // The pauses between retries pass on a fake clock.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const view = await renderWizard({
      userEvent: { advanceTimers: vi.advanceTimersByTime },
      routes: [
        reply(api.drafts.create, (_call, index) =>
          index === 0 ? 'network-error' : { status: 201, body: { id: A_DRAFT_ID, revision: 1, updatedAt: '2026-03-03T08:30:00.000Z' } },
        ),
      ],
    });
    await choosePlatforms(view.user, 'LinkedIn');
    await view.user.type(postContent(), 'Offline thoughts');
    expect(await status('Not saved — retrying')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(await status('Saved')).toBeInTheDocument();
    expect(view.server.callsTo(api.drafts.create)).toHaveLength(2);
  });

  it('restores text, networks, per-network texts, an older draft’s LinkedIn page (as its channel), media with alt texts and date from /create-post?draft=<id>', async () => {
    const draft = aDraft({
      text: 'Big launch',
      platforms: ['x', 'linkedin'],
      perPlatform: { x: 'Big launch, short', linkedin: 'Big launch, at length' },
      details: { linkedInTarget: 'org-2', skipAi: false, tailoredFrom: 'Big launch' },
      image: { id: 'e2b8a1f3-4c5d-4e6f-9a70-8192a3b4c5d6', url: 'http://localhost:3000/media/e2b8a1f3-4c5d-4e6f-9a70-8192a3b4c5d6' },
      media: [
        {
          id: 'e2b8a1f3-4c5d-4e6f-9a70-8192a3b4c5d6',
          kind: 'image',
          mimeType: 'image/png',
          fileName: 'launch.png',
          url: 'http://localhost:3000/media/e2b8a1f3-4c5d-4e6f-9a70-8192a3b4c5d6',
          alt: 'A rocket at dawn',
        },
      ],
      scheduledAt: '2026-03-04T17:30:00.000Z',
      revision: 4,
    });
    const view = await renderWizard({
      path: `/create-post?draft=${draft.id}`,
      readyHeading: 'Write your post',
      routes: [
        reply(api.drafts.get, { body: { draft } }),
        reply(api.channels.list, { body: { channels: [adaOnX, adaOnLinkedIn, differenceClub] } }),
      ],
    });
    expect(postContent()).toHaveValue('Big launch');
    expect(screen.getByLabelText('Alt text for launch.png')).toHaveValue('A rocket at dawn');

    await view.user.click(button('Next'));
    // The tailored versions come back as they were; the AI is not asked again.
    expect(await screen.findByRole('textbox', { name: 'Text for X' })).toHaveValue('Big launch, short');
    expect(screen.getByRole('textbox', { name: 'Text for LinkedIn' })).toHaveValue('Big launch, at length');
    expect(view.server.callsTo(api.posts.enhance)).toHaveLength(0);

    await view.user.click(button('Continue to Review'));
    expect(await screen.findByLabelText('Date')).toHaveValue('2026-03-04');
    expect(screen.getByLabelText('Time')).toHaveValue('18:30');

    await view.user.click(button('Schedule'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    const sent = publishedForm(view.server);
    expect(sent.data).toMatchObject({
      draftId: draft.id,
      mediaIds: [draft.image?.id],
      media: [{ alt: 'A rocket at dawn' }],
      // The page the draft chose beside the networks is now its channel.
      channels: [adaOnX.id, differenceClub.id],
    });
    expect(sent.image).toBeNull();
    // Nothing changed, so nothing was saved: publishing deleted the draft.
    expect(view.server.callsTo(api.drafts.update)).toHaveLength(0);
  });

  it('says so when the draft no longer exists', async () => {
    await renderWizard({
      path: `/create-post?draft=${A_DRAFT_ID}`,
      readyHeading: 'This draft no longer exists',
      routes: [reply(api.drafts.get, apiError(404, 'not_found', 'This draft no longer exists: it was deleted, or became a post.'))],
    });
    expect(screen.getByRole('link', { name: 'See your drafts' })).toHaveAttribute('href', '/drafts');
  });

  it('saves what is not saved yet before leaving the composer', async () => {
    const draft = aDraft({ text: 'Half a thought', platforms: ['x'], revision: 7 });
    const view = await renderWizard({
      path: `/create-post?draft=${draft.id}`,
      readyHeading: 'Write your post',
      routes: [reply(api.drafts.get, { body: { draft } })],
    });
    await view.user.type(postContent(), ', finished');
    // Leaving at once, well within the pause the composer waits for.
    void view.router.navigate('/feed');
    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(view.server.callsTo(api.drafts.update).map((call) => call.body)).toEqual([
      expect.objectContaining({ text: 'Half a thought, finished', revision: 7 }),
    ]);
  });

  it('asks before leaving when the save cannot be made, and stays when asked to', async () => {
    const draft = aDraft({ text: 'Half a thought', platforms: ['x'] });
    const view = await renderWizard({
      path: `/create-post?draft=${draft.id}`,
      readyHeading: 'Write your post',
      routes: [reply(api.drafts.get, { body: { draft } }), reply(api.drafts.update, 'network-error')],
    });
    await view.user.type(postContent(), '!');
    void view.router.navigate('/feed');
    const dialog = await screen.findByRole('dialog', { name: 'Your latest changes are not saved yet' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Stay and keep trying' }));
    expect(view.pathname()).toBe('/create-post');
    expect(postContent()).toHaveValue('Half a thought!');
  });

  it('shows the newer version when another tab saved the draft since, instead of overwriting it', async () => {
    const draft = aDraft({ text: 'Mine', platforms: ['x'], revision: 2 });
    const newer = aDraft({ text: 'Written in another tab', platforms: ['x'], revision: 3 });
    const view = await renderWizard({
      path: `/create-post?draft=${draft.id}`,
      readyHeading: 'Write your post',
      routes: [
        reply(api.drafts.get, (_call, index) => ({ body: { draft: index === 0 ? draft : newer } })),
        reply(api.drafts.update, (call) =>
          call.body.revision === 2
            ? apiError(409, 'conflict', 'This draft changed in another tab or on another device since you opened it.')
            : { body: { id: draft.id, revision: call.body.revision + 1, updatedAt: '2026-03-03T08:40:00.000Z' } },
        ),
      ],
    });
    await view.user.type(postContent(), ' and more');
    expect(await screen.findByText('This draft changed in another tab or on another device', {}, { timeout: 3_000 })).toBeInTheDocument();

    await view.user.click(button('Keep my version'));
    await waitFor(() => expect(view.server.callsTo(api.drafts.update).at(-1)?.body).toMatchObject({ text: 'Mine and more', revision: 3 }));
    expect(await status('Saved')).toBeInTheDocument();
  });

  it('uploads a chosen file once, and the draft it starts keeps it by id with its alt text', async () => {
    const view = await renderWizard({ accounts: [xAccount, linkedInAccount] });
    await choosePlatforms(view.user, 'X (Twitter)');
    await view.user.upload(screen.getByLabelText(/^Media/), new File(['png-bytes'], 'launch.png', { type: 'image/png' }));
    await screen.findByText('Uploaded');
    await view.user.type(screen.getByLabelText('Alt text for launch.png'), 'Poster');
    await waitFor(() => expect(view.server.callsTo(api.drafts.create)).toHaveLength(1), { timeout: 5000 });
    await waitFor(
      () => {
        const saves = [...view.server.callsTo(api.drafts.create), ...view.server.callsTo(api.drafts.update)];
        expect(saves.at(-1)?.body).toMatchObject({ media: [{ id: expect.stringMatching(/^0c0ffee0-/), alt: 'Poster' }] });
      },
      { timeout: 5000 },
    );
    expect(view.uploads).toHaveLength(1);
    expect(view.server.callsTo(api.drafts.uploadImage)).toHaveLength(0);
  });
});
