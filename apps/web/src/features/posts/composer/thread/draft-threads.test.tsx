import type { Draft, draftsRoutes, RouteBody, UploadedMedia } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDraft, reply } from '../../../../test/api-mock';
import { button, choosePlatforms, postContent, publishedForm, renderWizard, skipAiSwitch } from '../../../../test/wizard';

type SavedBody = RouteBody<typeof draftsRoutes.create>;
type View = Awaited<ReturnType<typeof renderWizard>>;

const chart: UploadedMedia = {
  id: '5ca1ab1e-0000-4000-8000-000000000022',
  kind: 'image',
  mimeType: 'image/png',
  bytes: 10,
  fileName: 'chart.png',
  url: 'http://localhost:3000/media/5ca1ab1e-0000-4000-8000-000000000022',
};

const thread = () => within(screen.getByRole('region', { name: 'Thread on X' }));
const firstComment = () => screen.getByRole('textbox', { name: /^First comment on LinkedIn/ });

function lastSave(view: View): SavedBody {
  const saves = [...view.server.callsTo(api.drafts.create), ...view.server.callsTo(api.drafts.update)];
  return saves.at(-1)?.body as SavedBody;
}

/** The draft GET /api/v1/drafts/:id answers for what was saved, the thread's image as the server names it. */
const draftOf = (body: SavedBody): Draft => ({
  ...aDraft({ text: body.text, platforms: body.platforms, details: (body.details ?? {}) as Draft['details'], revision: 5 }),
  threadMedia: [{ id: chart.id, kind: chart.kind, mimeType: chart.mimeType, fileName: chart.fileName, url: chart.url }],
});

describe('Create post: a draft keeps its thread and first comment through a reload (docs/product.md, Drafts)', () => {
  it('brings back each part, the numbering, part 2’s image with its alt text, and the first comment', async () => {
    const first = await renderWizard({ manualUploads: true });
    await choosePlatforms(first.user, 'X (Twitter)', 'LinkedIn');
    await first.user.click(postContent());
    await first.user.paste('We rebuilt the planner\n---\nHere is the chart\n---\nTell us what you think');
    await first.user.click(thread().getByRole('checkbox', { name: 'Number the posts (1/n)' }));
    await first.user.click(thread().getByRole('button', { name: 'Split into thread' }));
    await first.user.upload(thread().getByLabelText(/^Images for post 2 \(/), new File(['png'], 'chart.png', { type: 'image/png' }));
    await waitFor(() => expect(first.uploads[0]).toBeDefined());
    await act(async () => first.uploads[0]?.respond(201, chart));
    await first.user.click(thread().getByLabelText('Alt text for chart.png'));
    await first.user.paste('Bookings per week');
    await first.user.click(firstComment());
    await first.user.paste('The full story: https://example.com/planner');

    await waitFor(
      () => expect(lastSave(first).details?.firstComments).toEqual({ linkedin: 'The full story: https://example.com/planner' }),
      {
        timeout: 5_000,
      },
    );
    expect(lastSave(first).details?.threads).toEqual({
      x: {
        numbered: true,
        parts: [
          { text: 'We rebuilt the planner', media: [] },
          { text: 'Here is the chart', media: [{ id: chart.id, alt: 'Bookings per week' }] },
          { text: 'Tell us what you think', media: [] },
        ],
      },
    });

    const draft = draftOf(lastSave(first));
    cleanup();
    const second = await renderWizard({
      path: `/create-post?draft=${draft.id}`,
      readyHeading: 'Write your post',
      routes: [reply(api.drafts.get, { body: { draft } })],
    });
    expect(thread().getByRole('textbox', { name: 'Post 1 of 3' })).toHaveValue('We rebuilt the planner');
    expect(thread().getByRole('textbox', { name: 'Post 2 of 3' })).toHaveValue('Here is the chart');
    expect(thread().getByRole('textbox', { name: 'Post 3 of 3' })).toHaveValue('Tell us what you think');
    expect(thread().getByRole('checkbox', { name: 'Number the posts (1/n)' })).toBeChecked();
    expect(thread().getByRole('list', { name: 'Images for post 2: attached' })).toHaveTextContent('chart.png');
    expect(thread().getByLabelText('Alt text for chart.png')).toHaveValue('Bookings per week');
    expect(firstComment()).toHaveValue('The full story: https://example.com/planner');

    // And it goes out as it was written.
    await second.user.click(skipAiSwitch());
    await second.user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await second.user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(publishedForm(second.server).data).toMatchObject({
      thread: { x: [expect.any(String), { mediaIds: [chart.id], media: [{ alt: 'Bookings per week' }] }, expect.any(String)] },
      firstComment: { linkedin: 'The full story: https://example.com/planner' },
    });
  }, 15_000);
});
