import type { Draft, draftsRoutes, RouteBody, UploadedMedia } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDraft, apiError, reply, type MockRoute } from '../../../test/api-mock';
import { button, choosePlatforms, postContent, publishedForm, renderWizard, skipAiSwitch } from '../../../test/wizard';

type SavedBody = RouteBody<typeof draftsRoutes.create>;

const stored = (n: number, fileName: string, kind: UploadedMedia['kind'] = 'image'): UploadedMedia => {
  const id = `5ca1ab1e-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const mimeType = kind === 'image' ? 'image/png' : 'application/pdf';
  return {
    id,
    kind,
    mimeType,
    bytes: 10,
    fileName,
    url: `http://localhost:3000/media/${id}`,
    ...(kind === 'document' ? { pages: 12 } : {}),
  };
};

type View = Awaited<ReturnType<typeof renderWizard>>;

/** The body of the newest save (a create, then updates), as the server keeps it. */
function lastSave(view: View): SavedBody {
  const saves = [...view.server.callsTo(api.drafts.create), ...view.server.callsTo(api.drafts.update)];
  return saves.at(-1)?.body as SavedBody;
}

/** The draft GET /api/v1/drafts/:id answers for what was saved: the files as the server knows them. */
function draftOf(body: SavedBody, files: readonly UploadedMedia[]): Draft {
  const media = (body.media ?? []).map(({ id, alt }) => {
    const file = files.find((candidate) => candidate.id === id) as UploadedMedia;
    const { kind, mimeType, fileName, url } = file;
    return { id, kind, mimeType, fileName, url, alt: alt ?? '', ...(file.pages ? { pages: file.pages } : {}) };
  });
  return aDraft({
    text: body.text,
    platforms: body.platforms,
    // What was sent is what the server answers; its defaults (a card's description) were filled in the composer.
    details: (body.details ?? {}) as Draft['details'],
    media,
    image: media[0] ? { id: media[0].id, url: media[0].url } : null,
    revision: 5,
  });
}

/** The composer opened again on the saved draft, as a reload does. */
async function reopen(draft: Draft, routes: MockRoute[] = []) {
  cleanup();
  return renderWizard({
    path: `/create-post?draft=${draft.id}`,
    readyHeading: 'Write your post',
    routes: [reply(api.drafts.get, { body: { draft } }), ...routes],
  });
}

/** Each test writes in one composer and reopens the draft in another: twice the usual time. */
const TWO_COMPOSERS_MS = 15_000;

/** Answers the uploads one after another (the composer sends them so) with the files given. */
async function storeUploads(view: View, files: readonly UploadedMedia[]) {
  for (const [index, file] of files.entries()) {
    await waitFor(() => expect(view.uploads[index]).toBeDefined());
    await act(async () => view.uploads[index]?.respond(201, file));
  }
}

const altFields = () => screen.getAllByRole('textbox', { name: /^Alt text for / });

describe('Create post: a draft brings back exactly what the person had (docs/decisions/152-channel-picker-and-kept-attachments.md)', () => {
  it(
    'keeps several images in the order the person set, each with its alt text, through a reload',
    async () => {
      const files = [stored(1, 'red.png'), stored(2, 'green.png'), stored(3, 'blue.png')];
      const first = await renderWizard({ manualUploads: true });
      await choosePlatforms(first.user, 'X (Twitter)');
      await first.user.click(postContent());
      await first.user.paste('Three squares');
      await first.user.upload(
        screen.getByLabelText(/^Media/),
        files.map((file) => new File(['png'], file.fileName, { type: 'image/png' })),
      );
      await storeUploads(first, files);
      for (const [name, alt] of [
        ['red.png', 'A red square'],
        ['green.png', 'A green square'],
        ['blue.png', 'A blue square'],
      ]) {
        await first.user.click(screen.getByLabelText(`Alt text for ${name}`));
        await first.user.paste(alt);
      }
      await first.user.click(screen.getByRole('button', { name: 'Move blue.png earlier' }));
      await first.user.click(screen.getByRole('button', { name: 'Move blue.png earlier' }));

      const [red, green, blue] = files as [UploadedMedia, UploadedMedia, UploadedMedia];
      await waitFor(
        () =>
          expect(lastSave(first).media).toEqual([
            { id: blue.id, alt: 'A blue square' },
            { id: red.id, alt: 'A red square' },
            { id: green.id, alt: 'A green square' },
          ]),
        { timeout: 5_000 },
      );

      const second = await reopen(draftOf(lastSave(first), files));
      expect(altFields().map((field) => (field as HTMLInputElement).value)).toEqual(['A blue square', 'A red square', 'A green square']);
      expect(
        within(screen.getByRole('list', { name: 'Attached media' }))
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([expect.stringContaining('blue.png'), expect.stringContaining('red.png'), expect.stringContaining('green.png')]);

      await second.user.click(skipAiSwitch());
      await second.user.click(button('Next'));
      await screen.findByRole('heading', { name: 'Review & Schedule' });
      const preview = screen.getByRole('figure', { name: 'Preview of your post on X as @ada_on_x' });
      expect(
        within(preview)
          .getAllByRole('img')
          .map((image) => image.getAttribute('alt')),
      ).toEqual(['A blue square', 'A red square', 'A green square']);
      await second.user.click(button('Post Now'));
      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(second.server).data).toMatchObject({
        mediaIds: [blue.id, red.id, green.id],
        media: [{ alt: 'A blue square' }, { alt: 'A red square' }, { alt: 'A green square' }],
      });
    },
    TWO_COMPOSERS_MS,
  );

  it(
    'keeps a document with its title and its page count through a reload',
    async () => {
      const deck = stored(4, 'deck.pdf', 'document');
      const first = await renderWizard({ manualUploads: true });
      await choosePlatforms(first.user, 'LinkedIn');
      await first.user.click(postContent());
      await first.user.paste('Our deck');
      await first.user.upload(screen.getByLabelText(/^Media/), new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' }));
      await storeUploads(first, [deck]);
      await first.user.click(await screen.findByLabelText(/^Document title/));
      await first.user.paste('Launch deck');
      await waitFor(() => expect(lastSave(first).details?.documentTitle).toBe('Launch deck'), { timeout: 5_000 });

      const second = await reopen(draftOf(lastSave(first), [deck]));
      expect(screen.getByLabelText(/^Document title/)).toHaveValue('Launch deck');
      await second.user.click(skipAiSwitch());
      await second.user.click(button('Next'));
      expect(await screen.findByRole('group', { name: 'Document: Launch deck, 12 pages' })).toBeInTheDocument();
      await second.user.click(button('Post Now'));
      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(second.server).data).toMatchObject({ mediaIds: [deck.id], document: { title: 'Launch deck' } });
    },
    TWO_COMPOSERS_MS,
  );

  it(
    'keeps the link card the person saw, and shows it again without reading the page',
    async () => {
      const link = 'https://blog.example.com/plans';
      const card = { url: link, title: 'Plans for the week', description: 'How we plan', imageUrl: 'https://blog.example.com/plans.png' };
      const first = await renderWizard({
        routes: [reply(api.linkPreview.preview, { body: { ...card, siteName: 'The Blog' } })],
      });
      await choosePlatforms(first.user, 'LinkedIn');
      await first.user.click(postContent());
      await first.user.paste(`Read ${link}`);
      await waitFor(() => expect(lastSave(first).details?.linkCards).toEqual([{ link, card }]), { timeout: 5_000 });

      // The page cannot be read now: the card still shows as it was, and goes out as it was.
      const second = await reopen(draftOf(lastSave(first), []), [
        reply(api.linkPreview.preview, apiError(400, 'validation_failed', 'The page did not answer within 5 s.')),
      ]);
      const shown = await screen.findByRole('article', { name: 'LinkedIn link card' });
      expect(shown).toHaveTextContent('Plans for the week');
      await second.user.click(skipAiSwitch());
      await second.user.click(button('Next'));
      await screen.findByRole('heading', { name: 'Review & Schedule' });
      await second.user.click(button('Post Now'));
      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(second.server).data.linkCard).toEqual(card);
      expect(second.server.callsTo(api.linkPreview.preview)).toHaveLength(0);
    },
    TWO_COMPOSERS_MS,
  );

  it(
    'keeps a removed link card removed through a reload',
    async () => {
      const link = 'https://blog.example.com/plans';
      const first = await renderWizard();
      await choosePlatforms(first.user, 'LinkedIn');
      await first.user.click(postContent());
      await first.user.paste(`Read ${link}`);
      await first.user.click(await screen.findByRole('button', { name: 'Remove link card' }, { timeout: 3_000 }));
      await waitFor(() => expect(lastSave(first).details?.removedLinkCards).toEqual([link]), { timeout: 5_000 });

      const second = await reopen(draftOf(lastSave(first), []));
      expect(await screen.findByText('No link card on LinkedIn: the link goes out as text.')).toBeInTheDocument();
      await second.user.click(skipAiSwitch());
      await second.user.click(button('Next'));
      await screen.findByRole('heading', { name: 'Review & Schedule' });
      await second.user.click(button('Post Now'));
      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(second.server).data.linkCard).toBeUndefined();
    },
    TWO_COMPOSERS_MS,
  );
});
