import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, never, reply } from '../../../../test/api-mock';
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

  describe('image', () => {
    const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'launch.png', { type: 'image/png' });

    it('attaches a JPG, PNG or GIF with a preview, and removes it', async () => {
      const { user, revokeObjectURL } = await renderWizard();
      await choosePlatforms(user, 'X (Twitter)');

      const input = screen.getByLabelText(/^Image/);
      expect(input).toHaveAccessibleName('Image (optional; JPG, PNG or GIF, up to 10MB)');
      await user.upload(input, png());

      expect(screen.getByRole('img', { name: 'Preview of the attached image' })).toHaveAttribute('src', 'blob:preview-1');
      expect(screen.getByText('launch.png')).toBeInTheDocument();
      await user.click(button('Remove image'));

      expect(screen.queryByRole('img', { name: 'Preview of the attached image' })).not.toBeInTheDocument();
      expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
      expect(screen.getByLabelText(/^Image/)).toHaveFocus();
    });

    it('refuses other file types', async () => {
      const { user } = await renderWizard({ userEvent: { applyAccept: false } });
      await choosePlatforms(user, 'X (Twitter)');

      await user.upload(screen.getByLabelText(/^Image/), new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' }));

      expect(screen.getByRole('alert')).toHaveTextContent('Choose a JPG, PNG or GIF image.');
      expect(screen.getByLabelText(/^Image/)).toHaveAccessibleDescription('Choose a JPG, PNG or GIF image.');
      expect(screen.queryByRole('img', { name: 'Preview of the attached image' })).not.toBeInTheDocument();
    });

    it('refuses images over 10 MB', async () => {
      const { user } = await renderWizard();
      await choosePlatforms(user, 'X (Twitter)');
      const big = png();
      Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });

      await user.upload(screen.getByLabelText(/^Image/), big);

      expect(screen.getByRole('alert')).toHaveTextContent('Images can be up to 10 MB.');
    });
  });

  describe('LinkedIn target', () => {
    const picker = () => screen.getByRole('group', { name: 'Post to LinkedIn as' });

    it("offers the member's personal profile (chosen) and each page with its followers, and sends the chosen page", async () => {
      const { user, server } = await renderWizard();
      await choosePlatforms(user, 'LinkedIn');

      const personal = await within(picker()).findByRole('radio', { name: 'Ada Lovelace' });
      expect(personal).toBeChecked();
      expect(personal).toHaveAccessibleDescription('Personal profile');
      expect(within(picker()).getByRole('radio', { name: 'Analytical Engines Ltd' })).toHaveAccessibleDescription('1,234 followers');
      expect(within(picker()).getByRole('radio', { name: 'Difference Club' })).toHaveAccessibleDescription('Company page');
      await user.click(within(picker()).getByRole('radio', { name: 'Analytical Engines Ltd' }));

      await user.type(postContent(), 'Hello');
      await user.click(skipAiSwitch());
      await user.click(button('Next'));
      expect(await screen.findByText('Posting as Analytical Engines Ltd')).toBeInTheDocument();
      await user.click(button('Post Now'));

      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(server).data.linkedInOrgId).toBe('org-1');
    });

    it("sends '' for the personal profile", async () => {
      const { user, server } = await renderWizard();
      await choosePlatforms(user, 'LinkedIn');
      await within(picker()).findByRole('radio', { name: 'Ada Lovelace' });

      await user.type(postContent(), 'Hello');
      await user.click(skipAiSwitch());
      await user.click(button('Next'));
      expect(await screen.findByText('Posting as Ada Lovelace (personal profile)')).toBeInTheDocument();
      await user.click(button('Post Now'));

      await screen.findByRole('heading', { name: 'Your Feed' });
      expect(publishedForm(server).data.linkedInOrgId).toBe('');
    });

    it('says when the member administers no pages', async () => {
      const { user } = await renderWizard({
        routes: [
          reply(api.accounts.linkedInOrganizations, {
            body: { personal: { id: 'li-member-1', name: 'Ada Lovelace', type: 'personal' }, organizations: [] },
          }),
        ],
      });
      await choosePlatforms(user, 'LinkedIn');

      expect(
        await within(picker()).findByText(
          'No organizations found. You need admin access to LinkedIn company pages to post as an organization.',
        ),
      ).toBeInTheDocument();
      expect(within(picker()).getByRole('radio', { name: 'Ada Lovelace' })).toBeChecked();
    });

    it('says when the pages cannot be loaded, keeps the personal profile, and tries again', async () => {
      const { user } = await renderWizard({
        routes: [
          reply(api.accounts.linkedInOrganizations, (_call, index) =>
            index === 0 ? apiError(409, 'conflict', 'Reconnect LinkedIn') : never(),
          ),
        ],
      });
      await choosePlatforms(user, 'LinkedIn');

      const alert = await within(picker()).findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load LinkedIn organizations');
      expect(within(picker()).getByRole('radio', { name: 'Your profile' })).toBeChecked();
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(within(picker()).getByRole('status')).toHaveTextContent('Loading LinkedIn pages...');
    });

    it('is not shown when LinkedIn is not chosen', async () => {
      const { user, server } = await renderWizard();
      await choosePlatforms(user, 'X (Twitter)');

      expect(screen.queryByRole('group', { name: 'Post to LinkedIn as' })).not.toBeInTheDocument();
      expect(server.callsTo(api.accounts.linkedInOrganizations)).toHaveLength(0);
    });
  });
});
