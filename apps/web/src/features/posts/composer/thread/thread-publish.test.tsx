import { api } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, reply } from '../../../../test/api-mock';
import { button, choosePlatforms, postContent, publishedForm, renderWizard, skipAiSwitch } from '../../../../test/wizard';

const opener = 'We rebuilt the planner this spring, and it took far longer than any of us expected when we started.';
const middle = 'Here is what we learned about scheduling, about time zones, and about the people who plan their week.';
const closer = 'Would you try it? Tell us what you would change first.';
const text = `${opener}\n\n${middle}\n\n${closer}`;

const thread = () => within(screen.getByRole('region', { name: 'Thread on X' }));
const firstComment = () => screen.getByRole('textbox', { name: /^First comment on LinkedIn/ });

/** X and LinkedIn, the text split into a thread by hand (---), a first comment, AI on for LinkedIn only. */
async function composeThread(options: Parameters<typeof renderWizard>[0] = {}) {
  const view = await renderWizard(options);
  await choosePlatforms(view.user, 'X (Twitter)', 'LinkedIn');
  await view.user.click(postContent());
  await view.user.paste(`${opener}\n---\n${middle}\n---\n${closer}`);
  await view.user.click(thread().getByRole('button', { name: 'Split into thread' }));
  await view.user.click(firstComment());
  await view.user.paste('The full story: https://example.com/planner');
  return view;
}

describe('Thread composer: posting a thread and a first comment (docs/product.md, Composer · Threads)', { timeout: 20_000 }, () => {
  it('tailors only LinkedIn, previews the chain and the comment, and sends both as the contract says', async () => {
    const { user, server } = await composeThread();
    await user.upload(thread().getByLabelText(/^Images for post 2 \(/), new File(['png'], 'chart.png', { type: 'image/png' }));
    await thread().findByText('Uploaded');
    await user.click(button('Next'));

    // The thread goes out as written; AI tailors the LinkedIn text alone.
    await screen.findByRole('heading', { name: 'Tailor it for each network' });
    expect(screen.getByText(/X gets your thread of 3 posts as you wrote it/)).toBeInTheDocument();
    expect(server.callsTo(api.posts.enhance).map((call) => call.body.platforms)).toEqual([['linkedin']]);
    await user.click(await screen.findByRole('button', { name: 'Continue to Review' }));

    const x = await screen.findByRole('figure', { name: 'Preview of your post on X as @ada_on_x' });
    const posts = within(x).getAllByRole('article');
    expect(posts.map((post) => post.getAttribute('aria-label'))).toEqual(['Post 1 of 3', 'Post 2 of 3', 'Post 3 of 3']);
    expect(posts.map((post) => post.querySelector('[data-thread-line]') !== null)).toEqual([true, true, false]);
    expect(within(posts[1] as HTMLElement).getByRole('group', { name: '1 image, full width' })).toBeInTheDocument();
    const linkedIn = screen.getByRole('figure', { name: 'Preview of your post on LinkedIn as Ada Lovelace' });
    expect(within(linkedIn).getByRole('region', { name: 'First comment' })).toHaveTextContent(
      'The full story: https://example.com/planner',
    );
    expect(screen.getByRole('list', { name: 'X thread of 3 posts' })).toBeInTheDocument();

    await user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    const { data } = publishedForm(server);
    expect(data).toMatchObject({
      thread: {
        x: [opener, { text: middle, mediaIds: [expect.any(String)], media: [{ alt: '' }] }, closer],
      },
      firstComment: { linkedin: 'The full story: https://example.com/planner' },
      // LinkedIn's text has no thread, so the dashes that split X's are not in it.
      enhancedContent: { x: opener, linkedin: `linkedin take 0: ${text}` },
    });
    // The thread's image is part 2's own, not the post's.
    expect(data).not.toHaveProperty('mediaIds');
  });

  it('shows part 1 with the post’s files when it has none of its own, as the server sends it', async () => {
    const { user, server } = await composeThread();
    await user.upload(screen.getByLabelText(/^Media/), new File(['png'], 'launch.png', { type: 'image/png' }));
    await screen.findByText('Uploaded');
    await user.click(skipAiSwitch());
    await user.click(button('Next'));

    const x = await screen.findByRole('figure', { name: 'Preview of your post on X as @ada_on_x' });
    const [first, second] = within(x).getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('group', { name: '1 image, full width' })).toBeInTheDocument();
    expect(within(second).queryByRole('group')).not.toBeInTheDocument();
    await user.click(button('Post Now'));
    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(publishedForm(server).data).toMatchObject({ mediaIds: [expect.any(String)], thread: { x: [opener, middle, closer] } });
  });

  it('goes straight to Review when X is the only network and it is a thread', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await user.click(postContent());
    await user.paste(text);
    await user.click(thread().getByRole('button', { name: 'Split into thread' }));
    await user.click(button('Next'));

    await screen.findByRole('heading', { name: 'Review & Schedule' });
    expect(server.callsTo(api.posts.enhance)).toHaveLength(0);
    expect(screen.queryByRole('textbox', { name: /First comment/ })).not.toBeInTheDocument();
  });

  it('sends a numbered post left empty as empty, so it is refused by name rather than going out as “2/4” alone', async () => {
    const { user, server } = await renderWizard();
    await choosePlatforms(user, 'X (Twitter)');
    await user.click(postContent());
    await user.paste(`${opener}\n---\n${middle}\n---\n${closer}`);
    await user.click(thread().getByRole('checkbox', { name: 'Number the posts (1/n)' }));
    await user.click(thread().getByRole('button', { name: 'Split into thread' }));
    await user.click(thread().getByRole('button', { name: 'Add post after post 1' }));
    // A line of zero-width spaces shows nothing either.
    await user.paste('\u200B\u200B');
    expect(thread().getByText(/empty: write something or remove it/)).toBeInTheDocument();
    await user.click(button('Next'));
    await user.click(await screen.findByRole('button', { name: 'Post Now' }));
    await screen.findByRole('heading', { name: 'Your Feed' });
    expect(publishedForm(server).data).toMatchObject({
      thread: { x: [`${opener} 1/4`, '\u200B\u200B', `${middle} 3/4`, `${closer} 4/4`] },
    });
  });

  it('shows the server’s words on the post they are about, on Review and back on Content', async () => {
    const problem = 'Part 2 of the X thread is 301 characters; X allows 280 (links count 23, emoji and CJK 2)';
    const { user } = await composeThread({
      routes: [reply(api.posts.publish, apiError(400, 'validation_failed', problem, { 'thread.x.1': problem }))],
    });
    await user.click(skipAiSwitch());
    await user.click(button('Next'));
    await user.click(await screen.findByRole('button', { name: 'Post Now' }));

    const review = within(screen.getByRole('list', { name: 'X thread of 3 posts' }));
    expect(await review.findByRole('alert')).toHaveTextContent(problem);
    expect(within(review.getAllByRole('listitem')[1] as HTMLElement).getByRole('alert')).toHaveTextContent(problem);

    await user.click(button('Back'));
    const second = thread().getByRole('textbox', { name: 'Post 2 of 3' });
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription(expect.stringContaining(problem));
    // Changing the post takes the stale words away.
    await user.type(second, '!');
    expect(thread().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts the first comment against LinkedIn’s limit, and shows a refusal under it', async () => {
    const problem = 'The LinkedIn first comment is 1,300 characters; LinkedIn allows 1,250 in a comment';
    const { user } = await composeThread({
      routes: [reply(api.posts.publish, apiError(400, 'validation_failed', problem, { 'firstComment.linkedin': problem }))],
    });
    await user.click(firstComment());
    await user.paste('x'.repeat(1_250));
    const counter = screen.getByText(/^1,2\d\d \/ 1,250 characters · \d+ over$/);
    expect(counter).toHaveAttribute('data-tone', 'danger');

    await user.click(skipAiSwitch());
    await user.click(button('Next'));
    await user.click(await screen.findByRole('button', { name: 'Post Now' }));
    await screen.findByText('Failed to create post. Please try again.');
    await user.click(button('Back'));
    expect(firstComment()).toHaveAccessibleDescription(expect.stringContaining(problem));
  });
});
