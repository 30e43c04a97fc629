import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../../../test/api-mock';
import { adaOnLinkedIn, differenceClub } from '../../../../test/channel-data';
import { button, choosePlatforms, postContent, publishedForm, renderWizard, writePost } from '../../../../test/wizard';

const A = 'https://a.example.com/story';
const B = 'https://b.example.com/jobs';
/** What the mocked link preview answers for a page without tags (test/api-mock.ts): its host as the title. */
const cardFor = (url: string) => ({ url, title: new URL(url).hostname, description: '' });

const previewOf = (name: string) => screen.getByRole('figure', { name: `Preview of your post on LinkedIn as ${name}` });

/** docs/decisions/152-channel-picker-and-kept-attachments.md: each copy's card comes from the text that copy posts. */
describe('Create post: the link card of each copy', () => {
  it('reads LinkedIn’s card from its tailored version, and shows it in LinkedIn’s preview', async () => {
    const view = await renderWizard();
    await choosePlatforms(view.user, 'LinkedIn');
    await writePost(view.user, `Our story: ${A}`);
    const version = await screen.findByRole('textbox', { name: 'Text for LinkedIn' });
    await view.user.clear(version);
    await view.user.click(version);
    await view.user.paste(`We are hiring: ${B}`);
    await view.user.click(button('Continue to Review'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });

    const preview = previewOf('Ada Lovelace');
    expect(await within(preview).findByRole('group', { name: 'Link card for b.example.com' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Link preview' })).getByRole('article', { name: 'LinkedIn link card' }),
    ).toHaveTextContent('b.example.com');
    await view.user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(publishedForm(view.server).data.linkCard).toEqual(cardFor(B));
  });

  it('gives each LinkedIn channel the card of its own text, each removable on its own', async () => {
    const view = await renderWizard({ routes: [reply(api.channels.list, { body: { channels: [adaOnLinkedIn, differenceClub] } })] });
    await choosePlatforms(view.user, 'Ada Lovelace', 'Difference Club');
    await view.user.click(postContent());
    await view.user.paste(`Our story: ${A}`);
    await view.user.click(screen.getByRole('switch', { name: 'Post as written (skip AI tailoring)' }));
    await view.user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await view.user.click(button('Write a different text for Difference Club'));
    const own = screen.getByRole('textbox', { name: 'Text for Difference Club' });
    await view.user.clear(own);
    await view.user.click(own);
    await view.user.paste(`Difference Club is hiring: ${B}`);

    expect(
      await within(previewOf('Ada Lovelace')).findByRole('group', { name: 'Link card for a.example.com' }, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(
      await within(previewOf('Difference Club')).findByRole('group', { name: 'Link card for b.example.com' }, { timeout: 3_000 }),
    ).toBeInTheDocument();

    // One panel per address; removing the page's card leaves the member's.
    const pagePanel = screen.getByRole('region', { name: 'Link preview: b.example.com' });
    await view.user.click(within(pagePanel).getByRole('button', { name: 'Remove link card' }));
    expect(within(previewOf('Difference Club')).queryByRole('group', { name: /Link card/ })).not.toBeInTheDocument();
    expect(within(previewOf('Ada Lovelace')).getByRole('group', { name: 'Link card for a.example.com' })).toBeInTheDocument();

    await view.user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    const { data } = publishedForm(view.server);
    expect(data.perChannelLinkCard).toEqual({ [adaOnLinkedIn.id]: cardFor(A), [differenceClub.id]: null });
    expect(data.linkCard).toBeUndefined();
  });
});
