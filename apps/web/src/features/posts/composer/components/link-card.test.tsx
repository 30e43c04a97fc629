import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, reply } from '../../../../test/api-mock';
import { button, choosePlatforms, postContent, publishedForm, renderWizard, skipAiSwitch } from '../../../../test/wizard';

const article = {
  url: 'https://blog.example.com/launch',
  title: 'How we launched v2',
  description: 'Six weeks, three rewrites and one very long night.',
  imageUrl: 'https://blog.example.com/cover.png',
  siteName: 'Example blog',
};

const TEXT = 'Our launch story: https://blog.example.com/launch.';

async function writeWithLink(networks: string[], routes = [reply(api.linkPreview.preview, { body: article })]) {
  const view = await renderWizard({ routes });
  await choosePlatforms(view.user, ...networks);
  await view.user.click(postContent());
  await view.user.paste(TEXT);
  return view;
}

const linkedInCard = () => screen.findByRole('article', { name: 'LinkedIn link card' }, { timeout: 3_000 });

describe('Create post: the link card', () => {
  it('shows the card of the first link for LinkedIn, and the post goes out with it', async () => {
    const { user, server } = await writeWithLink(['LinkedIn']);

    const card = await linkedInCard();
    expect(within(card).getByText('How we launched v2')).toBeInTheDocument();
    expect(within(card).getByText('Example blog · blog.example.com')).toBeInTheDocument();
    expect(within(card).getByText('Six weeks, three rewrites and one very long night.')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', 'https://blog.example.com/cover.png');
    // The sentence's full stop is not part of the address asked about.
    expect(server.callsTo(api.linkPreview.preview).map((call) => call.body)).toEqual([{ url: 'https://blog.example.com/launch' }]);

    await user.click(skipAiSwitch());
    await user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    expect(screen.getByRole('article', { name: 'LinkedIn link card' })).toBeInTheDocument();
    await user.click(button('Post Now'));
    expect(publishedForm(server).data.linkCard).toEqual({
      url: article.url,
      title: article.title,
      description: article.description,
      imageUrl: article.imageUrl,
    });
  });

  it('lets the person remove the card (and bring it back); removed, the post goes out without it', async () => {
    const { user, server } = await writeWithLink(['LinkedIn']);
    await linkedInCard();

    await user.click(button('Remove link card'));
    expect(screen.queryByRole('article', { name: 'LinkedIn link card' })).not.toBeInTheDocument();
    expect(screen.getByText('No link card on LinkedIn: the link goes out as text.')).toBeInTheDocument();
    await user.click(button('Add the link card back'));
    expect(screen.getByRole('article', { name: 'LinkedIn link card' })).toBeInTheDocument();
    await user.click(button('Remove link card'));

    await user.click(skipAiSwitch());
    await user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await user.click(button('Post Now'));
    expect(publishedForm(server).data).not.toHaveProperty('linkCard');
  });

  it("on X shows the card as X's own preview, with nothing to remove and nothing sent", async () => {
    const { user, server } = await writeWithLink(['X (Twitter)']);
    const card = await screen.findByRole('article', { name: "X's preview" }, { timeout: 3_000 });
    expect(within(card).getByText('How we launched v2')).toBeInTheDocument();
    expect(screen.getByText(/X makes its own card from the page/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove link card' })).not.toBeInTheDocument();

    await user.click(skipAiSwitch());
    await user.click(button('Next'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    await user.click(button('Post Now'));
    expect(publishedForm(server).data).not.toHaveProperty('linkCard');
  });

  it('says why there is no card when the page cannot be read', async () => {
    await writeWithLink(
      ['LinkedIn'],
      [reply(api.linkPreview.preview, apiError(400, 'validation_failed', 'The page did not answer within 5 s.', { url: 'Timed out' }))],
    );
    expect(
      await screen.findByText('No link card for this address: The page did not answer within 5 s.', undefined, { timeout: 3_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'LinkedIn link card' })).not.toBeInTheDocument();
  });
});
