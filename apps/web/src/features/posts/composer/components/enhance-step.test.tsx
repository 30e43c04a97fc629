import type { postsRoutes } from '@postflow/contract';
import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, type MockAnswer, type MockHandler } from '../../../../test/api-mock';
import { button, choosePlatforms, enhanceEcho, main, postContent, publishedForm, renderWizard, writePost } from '../../../../test/wizard';

type Enhance = typeof postsRoutes.enhance;

const version = (network: 'X' | 'LinkedIn') => screen.getByRole('textbox', { name: `Text for ${network}` });
const card = (name: string) => screen.getByRole('region', { name });

/** Enhance answers held back per network until the test releases them. */
function heldEnhance() {
  const waiting = new Map<string, Array<() => void>>();
  const handler: MockHandler<Enhance> = (call, index) =>
    new Promise<MockAnswer<Enhance>>((resolve) => {
      const platform = call.body.platforms[0] as string;
      waiting.set(platform, [...(waiting.get(platform) ?? []), () => resolve(enhanceEcho(call, index))]);
    });
  const release = (platform: string) => {
    const next = waiting.get(platform)?.shift();
    if (!next) throw new Error(`no enhance call waiting for ${platform}`);
    next();
  };
  return { handler, release };
}

describe('Create post: step 3, enhance', () => {
  it('asks the AI once per network on entry, shows each loading, then each version with its counter', async () => {
    const held = heldEnhance();
    const { user, server } = await renderWizard({ routes: [reply(api.posts.enhance, held.handler)] });
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, 'Launch day #Postflow');

    expect(await screen.findByRole('heading', { name: 'Tailor it for each network' })).toHaveFocus();
    expect(
      within(screen.getByRole('navigation', { name: 'Progress' }))
        .getByText('Content')
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    expect(server.callsTo(api.posts.enhance).map((call) => call.body)).toEqual([
      { platforms: ['x'], text: 'Launch day #Postflow', tags: [], variant: 0 },
      { platforms: ['linkedin'], text: 'Launch day #Postflow', tags: [], variant: 0 },
    ]);
    expect(within(card('X (Twitter)')).getByRole('status')).toHaveTextContent('Tailoring your text for X...');
    expect(within(card('LinkedIn')).getByRole('status')).toHaveTextContent('Tailoring your text for LinkedIn...');
    expect(button('Continue to Review')).toBeDisabled();

    held.release('linkedin');
    expect(await screen.findByDisplayValue('linkedin take 0: Launch day #Postflow')).toBe(version('LinkedIn'));
    expect(within(card('X (Twitter)')).getByRole('status')).toBeInTheDocument();
    expect(button('Continue to Review')).toBeDisabled();

    held.release('x');
    expect(await screen.findByDisplayValue('x take 0: Launch day #Postflow')).toBe(version('X'));
    expect(version('X')).toHaveAccessibleDescription('X: 30 / 280 · 250 left');
    expect(version('LinkedIn')).toHaveAccessibleDescription('37 / 3,000 characters');
    expect(button('Continue to Review')).toBeEnabled();
  });

  it('counts the LinkedIn version as LinkedIn does, its reserved characters twice, and says so', async () => {
    const { user } = await renderWizard();
    await choosePlatforms(user, 'LinkedIn');
    await writePost(user, 'Hello');
    await screen.findByDisplayValue('linkedin take 0: Hello');

    await user.clear(version('LinkedIn'));
    await user.type(version('LinkedIn'), 'Launch (beta) #ship');
    expect(version('LinkedIn')).toHaveAccessibleDescription('21 / 3,000 characters · symbols such as ( ) _ * @ count twice');
  });

  it('regenerates one network with the next variant, leaving the other alone', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, 'Hello');
    await screen.findByDisplayValue('x take 0: Hello');
    await screen.findByDisplayValue('linkedin take 0: Hello');

    await user.click(button('Regenerate X'));
    expect(await screen.findByDisplayValue('x take 1: Hello')).toBe(version('X'));
    await user.click(button('Regenerate X'));
    expect(await screen.findByDisplayValue('x take 2: Hello')).toBe(version('X'));

    expect(version('LinkedIn')).toHaveValue('linkedin take 0: Hello');
    expect(server.callsTo(api.posts.enhance).map((call) => [call.body.platforms, call.body.variant])).toEqual([
      [['x'], 0],
      [['linkedin'], 0],
      [['x'], 1],
      [['x'], 2],
    ]);
  });

  it("falls back to the original text when enhancing fails, X cut to 277 characters and '...'", async () => {
    const original = `${'Long story. '.repeat(30)}The end.`;
    const { user } = await renderWizard({
      routes: [reply(api.posts.enhance, (call, index) => (call.body.platforms[0] === 'x' ? 'network-error' : enhanceEcho(call, index)))],
    });
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, original);

    expect(await within(main()).findByRole('alert')).toHaveTextContent('Failed to enhance content. Please try again.');
    expect(version('X')).toHaveValue(`${original.slice(0, 277)}...`);
    expect(version('LinkedIn')).toHaveValue(`linkedin take 0: ${original}`);
    expect(button('Continue to Review')).toBeEnabled();
  });

  it("says 'Failed to regenerate content for X.' and falls back to the original when a regenerate fails", async () => {
    const { user } = await renderWizard({
      routes: [reply(api.posts.enhance, (call, index) => (call.body.variant === 1 ? 'network-error' : enhanceEcho(call, index)))],
    });
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, 'Hello');
    await screen.findByDisplayValue('x take 0: Hello');

    await user.click(button('Regenerate X'));

    expect(await within(card('X (Twitter)')).findByRole('alert')).toHaveTextContent('Failed to regenerate content for X.');
    expect(version('X')).toHaveValue('Hello');
    expect(within(main()).getAllByRole('alert')).toHaveLength(1);
  });

  it('enables Continue to Review only while every network has a text and nothing loads', async () => {
    const held = heldEnhance();
    const { user } = await renderWizard({ routes: [reply(api.posts.enhance, held.handler)] });
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, 'Hello');
    held.release('x');
    held.release('linkedin');
    await screen.findByDisplayValue('x take 0: Hello');
    expect(button('Continue to Review')).toBeEnabled();

    await user.clear(version('X'));
    expect(button('Continue to Review')).toBeDisabled();
    await user.type(version('X'), 'Mine');
    expect(button('Continue to Review')).toBeEnabled();

    await user.click(button('Regenerate LinkedIn'));
    expect(button('Continue to Review')).toBeDisabled();
    expect(button('Regenerate LinkedIn')).toBeDisabled();
    expect(version('LinkedIn')).toHaveAttribute('readonly');
    held.release('linkedin');
    await screen.findByDisplayValue('linkedin take 1: Hello');
    expect(button('Continue to Review')).toBeEnabled();
  });

  it('publishes the edited versions, marked as AI-enhanced', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, 'Hello');
    await screen.findByDisplayValue('x take 0: Hello');
    await screen.findByDisplayValue('linkedin take 0: Hello');
    await user.type(version('X'), ' (edited)');

    await user.click(button('Continue to Review'));
    await screen.findByRole('heading', { name: 'Review & Schedule' });
    expect(within(screen.getByRole('list', { name: 'What will be posted' })).getByText('x take 0: Hello (edited)')).toBeInTheDocument();
    await user.click(button('Post Now'));

    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(publishedForm(server).data).toMatchObject({
      enhancedContent: { x: 'x take 0: Hello (edited)', linkedin: 'linkedin take 0: Hello' },
      originalText: 'Hello',
      aiEnhanced: true,
    });
  });

  it('keeps the versions when going back without changing the text, and asks again when the text changed', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await writePost(user, 'Hello');
    await screen.findByDisplayValue('x take 0: Hello');
    await user.type(version('X'), '!');

    await user.click(button('Back'));
    await screen.findByRole('heading', { name: 'Write your post' });
    expect(postContent()).toHaveValue('Hello');
    await user.click(button('Next'));
    expect(await screen.findByDisplayValue('x take 0: Hello!')).toBe(version('X'));
    expect(server.callsTo(api.posts.enhance)).toHaveLength(1);

    await user.click(button('Back'));
    await user.type(postContent(), ' world');
    await user.click(button('Next'));
    expect(await screen.findByDisplayValue('x take 0: Hello world')).toBe(version('X'));
    expect(server.callsTo(api.posts.enhance)).toHaveLength(2);
  });

  it('goes Back to the earlier versions as they were first shown, without asking again, and forward again to the later ones', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await writePost(user, 'Hello');
    await screen.findByDisplayValue('x take 0: Hello');
    expect(button('Back to the previous X version')).toBeDisabled();

    await user.click(button('Regenerate X'));
    await screen.findByDisplayValue('x take 1: Hello');
    await user.click(button('Regenerate X'));
    await screen.findByDisplayValue('x take 2: Hello');
    expect(within(card('X (Twitter)')).getByText('Version 3')).toBeInTheDocument();

    await user.click(button('Back to the previous X version'));
    expect(version('X')).toHaveValue('x take 1: Hello');
    await user.click(button('Back to the previous X version'));
    expect(version('X')).toHaveValue('x take 0: Hello');
    expect(button('Back to the previous X version')).toBeDisabled();
    await user.click(button('Regenerate X'));
    expect(version('X')).toHaveValue('x take 1: Hello');
    expect(server.callsTo(api.posts.enhance).map((call) => call.body.variant)).toEqual([0, 1, 2]);
  });

  it('offers a text too long for one X post as a thread, each part with its counter and a copy button', async () => {
    const parts = ['First part of a long story.', 'Second part, with the link https://example.com/story', 'Third part: what do you think?'];
    const { user } = await renderWizard({
      routes: [
        reply(api.posts.enhance, (call, index) =>
          call.body.platforms[0] === 'x'
            ? { body: [{ platform: 'x', enhanced: 'First part of a long story. Third part: what do you think?', thread: parts }] }
            : enhanceEcho(call, index),
        ),
      ],
    });
    await choosePlatforms(user, 'X (Twitter)', 'LinkedIn');
    await writePost(user, parts.join(' '));
    await screen.findByDisplayValue('First part of a long story. Third part: what do you think?');

    const offer = within(card('X (Twitter)')).getByRole('region', { name: 'Post as a thread (3 parts)' });
    const items = within(offer).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Part 1 of 3', 'Part 2 of 3', 'Part 3 of 3']);
    expect(items[1]).toHaveTextContent(parts[1] as string);
    expect(items[1]).toHaveAccessibleDescription('X: 50 / 280 · 230 left');
    await user.click(within(offer).getByRole('button', { name: 'Copy part 2' }));
    expect(await within(offer).findByRole('status')).toHaveTextContent('Part 2 copied.');
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe(parts[1]);
    expect(within(card('LinkedIn')).queryByRole('region', { name: /thread/u })).not.toBeInTheDocument();

    // Taking the proposal makes it X's thread: X leaves the AI's versions and goes out as those parts.
    await user.click(within(offer).getByRole('button', { name: 'Use this thread on X' }));
    const note = await screen.findByText(/X gets your thread of 3 posts as you wrote it/u);
    // The button pressed went with X's card: focus lands on what took its place, not on the page.
    expect(note.closest('p')).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Post as a thread (3 parts)' })).not.toBeInTheDocument();
  });
});
