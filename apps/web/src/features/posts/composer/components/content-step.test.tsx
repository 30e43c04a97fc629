import { api } from '@postflow/contract/client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../../test/api-mock';
import { adaOnLinkedIn, adaOnX } from '../../../../test/channel-data';
import { button, choosePlatforms, main, postContent, publishedForm, renderWizard, skipAiSwitch } from '../../../../test/wizard';

const counter = (text: RegExp) => within(main()).getByText(text);

describe('Create post: step 2, content', () => {
  it('counts up to 2,000 characters and warns above 90%', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'LinkedIn');

    await user.click(postContent());
    await user.paste('a'.repeat(1800));
    expect(counter(/^1,800 \/ 2,000 characters$/)).toHaveAttribute('data-tone', 'normal');
    expect(postContent()).toHaveAccessibleDescription(/1,800 \/ 2,000 characters/);

    await user.type(postContent(), 'b');
    expect(counter(/^1,801 \/ 2,000 characters$/)).toHaveAttribute('data-tone', 'warning');

    await user.paste('c'.repeat(500));
    // Nothing pasted is cut without a word: all of it stays, and the screen says by how much it is over.
    expect(postContent()).toHaveValue(`${'a'.repeat(1800)}b${'c'.repeat(500)}`);
    expect(counter(/^2,301 \/ 2,000 characters$/)).toHaveAttribute('data-tone', 'danger');
    expect(
      screen.getByText('Posts can be up to 2,000 characters. This one has 2,301: remove 301 to go on. Nothing was cut.'),
    ).toBeVisible();

    await user.click(button('Next'));
    expect(screen.getByRole('alert')).toHaveTextContent('remove 301 to go on');
    expect(screen.queryByRole('heading', { name: 'Tailor it for each network' })).toBeNull();
  });

  it('names only what makes X count more: no links or emoji, no mention of them', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await user.click(postContent());
    await user.paste('word '.repeat(57));
    expect(screen.getByText('Too long for X; the next step fits it for X.')).toBeInTheDocument();
  });

  it("counts X's weighted length against 280 (a link 23, an emoji 2), warning under 30 left, danger over, never blocking", async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');

    await user.click(postContent());
    await user.paste('Read https://example.com/a/long/path/that/is/not/counted/in/full 👋🏽');
    expect(counter(/^X: /)).toHaveTextContent('X: 31 / 280 · 249 left');
    expect(counter(/^X: /)).toHaveAttribute('data-tone', 'normal');
    expect(postContent()).toHaveAccessibleDescription(/X: 31 \/ 280 · 249 left/);

    await user.paste('a'.repeat(220));
    expect(counter(/^X: /)).toHaveTextContent('X: 251 / 280 · 29 left');
    expect(counter(/^X: /)).toHaveAttribute('data-tone', 'warning');

    await user.paste('a'.repeat(30));
    expect(counter(/^X: /)).toHaveTextContent('X: 281 / 280 · 1 over');
    expect(counter(/^X: /)).toHaveAttribute('data-tone', 'danger');
    expect(screen.getByText('Too long for X (links count 23, emoji 2); the next step fits it for X.')).toBeInTheDocument();

    await user.click(button('Next'));
    expect(await screen.findByRole('heading', { name: 'Tailor it for each network' })).toBeInTheDocument();
  });

  it('shows no X counter when only LinkedIn is chosen', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'LinkedIn');

    expect(within(main()).queryByText(/^X: /)).not.toBeInTheDocument();
  });

  it("says 'Post content cannot be empty' on Next with a blank text, on the field", async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');

    await user.type(postContent(), '   ');
    await user.click(button('Next'));

    expect(screen.getByRole('alert')).toHaveTextContent('Post content cannot be empty');
    expect(postContent()).toHaveAttribute('aria-invalid', 'true');
    expect(postContent()).toHaveAccessibleDescription(/^Post content cannot be empty/);
    expect(postContent()).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Write your post' })).toBeInTheDocument();

    await user.type(postContent(), 'Hello');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('has the AI switch off by default, labelled for what it does', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');

    expect(skipAiSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(skipAiSwitch()).toHaveAccessibleDescription('Off: AI adapts your text for each network on the next step.');
    await user.click(skipAiSwitch());
    expect(skipAiSwitch()).toHaveAttribute('aria-checked', 'true');
  });

  describe('media (docs/product.md, Composer · Media)', () => {
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    const mediaInput = () => screen.getByLabelText(/^Media/);
    const attached = () => within(screen.getByRole('list', { name: 'Attached media' })).getAllByRole('listitem');

    it('shows each network’s limits before anything is chosen', async () => {
      const { user } = await renderWizard();
      await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
      expect(mediaInput()).toHaveAccessibleDescription(/X takes up to 4 images \(or one GIF\), or one MP4 video up to 140 seconds\./);
      expect(mediaInput()).toHaveAccessibleDescription(
        /LinkedIn takes up to 20 images, or one MP4 video up to 30 minutes, or one PDF or PPTX document/,
      );
    });

    it('uploads the chosen images one after another with their progress, then takes alt text, order and removal', async () => {
      const { user, uploads, revokeObjectURL } = await renderWizard({ manualUploads: true });
      await choosePlatforms(user, 'X (Twitter)');
      await user.upload(mediaInput(), [png('first.png'), png('second.png')]);

      // The server decodes two images of a person at once (decision 111): the second waits its turn.
      expect(uploads.map((upload) => upload.file.name)).toEqual(['first.png']);
      expect(uploads[0]?.headers).toMatchObject({ Authorization: 'Bearer stored-token' });
      act(() => uploads[0]?.progress(30, 100));
      expect(screen.getByRole('progressbar', { name: 'Uploading first.png' })).toHaveValue(30);
      expect(within(attached()[0] as HTMLElement).getByText('30%')).toBeInTheDocument();
      await act(async () => {
        uploads[0]?.progress(100, 100);
        uploads[0]?.respond();
      });
      expect(within(attached()[0] as HTMLElement).getByText('Uploaded')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Uploading second.png' })).toHaveValue(0);
      await waitFor(() => expect(uploads.map((upload) => upload.file.name)).toEqual(['first.png', 'second.png']));
      // A busy server (429 with Retry-After) only delays the file: it is sent again and stored.
      await act(async () => uploads[1]?.respond(429, { error: { code: 'rate_limited', message: 'You are already uploading 2 images' } }));
      await waitFor(() => expect(uploads).toHaveLength(3), { timeout: 3_000 });
      await act(async () => uploads[2]?.respond());
      expect(within(attached()[1] as HTMLElement).getByText('Uploaded')).toBeInTheDocument();

      const alt = screen.getByLabelText('Alt text for first.png');
      await user.type(alt, 'A rocket at dawn');
      expect(alt).toHaveAccessibleDescription('16 / 1,000 characters');

      await user.click(button('Move first.png later'));
      expect(attached().map((item) => within(item).getByTitle(/\.png$/).textContent)).toEqual(['second.png', 'first.png']);
      await user.click(button('Remove second.png'));
      expect(attached()).toHaveLength(1);
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
    });

    it('says why the server refused a file, under it', async () => {
      const { user, uploads } = await renderWizard({ manualUploads: true });
      await choosePlatforms(user, 'X (Twitter)');
      await user.upload(mediaInput(), new File(['moov'], 'clip.mp4', { type: 'video/mp4' }));
      await act(async () =>
        uploads[0]?.respond(415, {
          error: { code: 'unsupported_media_type', message: 'clip.mp4 has no video track (only sound); upload a video.' },
        }),
      );
      expect(screen.getByRole('alert')).toHaveTextContent('clip.mp4 has no video track');
    });

    it('asks for a document’s title, and says X does not take documents', async () => {
      const { user } = await renderWizard();
      await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
      await user.upload(mediaInput(), new File(['%PDF-1.7'], 'deck.pdf', { type: 'application/pdf' }));
      expect(await screen.findByLabelText(/^Document title/)).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('X does not take documents; post a document to LinkedIn only.');
    });
  });

  describe('who LinkedIn posts as', () => {
    it('asks nothing on Content: without pages the member posts, as Review says', async () => {
      const { user, server } = await renderWizard({
        routes: [reply(api.channels.list, { body: { channels: [adaOnX, adaOnLinkedIn] } })],
      });
      await waitFor(() => expect(server.callsTo(api.channels.list)).toHaveLength(1));
      await choosePlatforms(user, 'LinkedIn');
      expect(screen.queryByRole('group', { name: 'Post to LinkedIn as' })).not.toBeInTheDocument();

      await user.type(postContent(), 'Hello');
      await user.click(skipAiSwitch());
      await user.click(button('Next'));
      expect(await screen.findByText('Posting as Ada Lovelace (personal profile)')).toBeInTheDocument();
      await user.click(button('Post Now'));

      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(server).data.linkedInOrgId).toBeUndefined();
      expect(server.callsTo(api.accounts.linkedInOrganizations)).toHaveLength(0);
    });
  });
});
