import { THREAD_MAX_PARTS, xWeightedLength } from '@postflow/contract/client';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, choosePlatforms, postContent, renderWizard } from '../../../../test/wizard';

// Three paragraphs of about 200 characters each: too long for one post, two fit in none.
const paragraph = (topic: string) =>
  `We spent the spring rebuilding the ${topic} from scratch. It took longer than planned, and we learned a lot about what people actually need from it every single day of the week.`;
const longText = [paragraph('planner'), paragraph('calendar'), paragraph('inbox')].join('\n\n');

const thread = () => within(screen.getByRole('region', { name: 'Thread on X' }));
const part = (index: number, count: number) => thread().getByRole('textbox', { name: `Post ${index} of ${count}` });
const partTexts = () =>
  thread()
    .getAllByRole('textbox', { name: /^Post \d+ of \d+$/ })
    .map((field) => (field as HTMLTextAreaElement).value);

async function splitLongText(text = longText, { numbered = false, wizard = {} as Parameters<typeof renderWizard>[0] } = {}) {
  const view = await renderWizard(wizard);
  await choosePlatforms(view.user, 'X (Twitter)');
  await view.user.click(postContent());
  await view.user.paste(text);
  if (numbered) await view.user.click(thread().getByRole('checkbox', { name: 'Number the posts (1/n)' }));
  await view.user.click(thread().getByRole('button', { name: 'Split into thread' }));
  return view;
}

describe('Thread composer: one long text becomes an X thread (docs/product.md, Composer · Threads)', { timeout: 20_000 }, () => {
  it('splits at paragraphs into posts that each fit, every post with its own count', async () => {
    await splitLongText();

    expect(partTexts()).toEqual([paragraph('planner'), paragraph('calendar'), paragraph('inbox')]);
    const used = xWeightedLength(paragraph('planner'));
    expect(thread().getByText(`X: ${used} / 280 · ${280 - used} left`, { exact: false })).toBeInTheDocument();
    // The main text's single X counter gives way to the posts' own.
    expect(screen.queryByText(/^X: \d+ \/ 280 · \d+ over/)).not.toBeInTheDocument();
  });

  it('numbers the posts 1/n when asked, and keeps the numbers right as posts move', async () => {
    const { user } = await splitLongText(longText, { numbered: true });

    const preview = async () => {
      await user.click(button('Show preview'));
      const figure = await screen.findByRole('figure', { name: 'Preview of your post on X as @ada_on_x' });
      const posts = within(figure).getAllByRole('article');
      const texts = posts.map((post) => post.querySelector('p:nth-of-type(2)')?.textContent);
      await user.click(button('Hide preview'));
      return texts;
    };
    expect(thread().getByText(/ends with “2\/3”/)).toBeInTheDocument();
    expect(await preview()).toEqual([`${paragraph('planner')} 1/3`, `${paragraph('calendar')} 2/3`, `${paragraph('inbox')} 3/3`]);

    await user.click(thread().getByRole('button', { name: 'Move up post 3' }));
    expect(await preview()).toEqual([`${paragraph('planner')} 1/3`, `${paragraph('inbox')} 2/3`, `${paragraph('calendar')} 3/3`]);

    await user.click(thread().getByRole('checkbox', { name: 'Number the posts (1/n)' }));
    expect(thread().queryByText(/ends with/)).not.toBeInTheDocument();
  });

  it('splits where the person put a line of dashes', async () => {
    await splitLongText('Short opener.\n---\nThe second post.\n   ----  \nAnd the third.');
    expect(partTexts()).toEqual(['Short opener.', 'The second post.', 'And the third.']);
  });

  it('adds an empty post after any post, with focus in it, and says it is empty', async () => {
    const { user } = await splitLongText();
    await user.click(thread().getByRole('button', { name: 'Add post after post 1' }));

    expect(part(2, 4)).toHaveFocus();
    expect(part(2, 4)).toHaveValue('');
    expect(thread().getByText(/empty: write something or remove it/)).toBeInTheDocument();
    await user.type(part(2, 4), 'A new second post');
    expect(partTexts()).toEqual([paragraph('planner'), 'A new second post', paragraph('calendar'), paragraph('inbox')]);
  });

  it('moves posts up and down from the keyboard, keeping focus on a button that can still act', async () => {
    const { user } = await splitLongText();
    await user.click(thread().getByRole('button', { name: 'Move down post 1' }));
    expect(partTexts()).toEqual([paragraph('calendar'), paragraph('planner'), paragraph('inbox')]);
    expect(thread().getByRole('button', { name: 'Move down post 2' })).toHaveFocus();
    expect(thread().getByRole('status')).toHaveTextContent('Post 1 moved down: it is now post 2 of 3.');

    await user.keyboard('{Enter}');
    expect(partTexts()).toEqual([paragraph('calendar'), paragraph('inbox'), paragraph('planner')]);
    // The last post cannot move down: focus goes to its 'Move up'.
    expect(thread().getByRole('button', { name: 'Move down post 3' })).toBeDisabled();
    expect(thread().getByRole('button', { name: 'Move up post 3' })).toHaveFocus();
  });

  it('removes a post, but never the last one', async () => {
    const { user } = await splitLongText();
    await user.click(thread().getByRole('button', { name: 'Remove post 2' }));
    expect(partTexts()).toEqual([paragraph('planner'), paragraph('inbox')]);
    expect(part(1, 2)).toHaveFocus();

    await user.click(thread().getByRole('button', { name: 'Remove post 2' }));
    expect(thread().getByRole('button', { name: 'Remove post 1' })).toBeDisabled();
  });

  it('marks a post that is over 280 on its own counter', async () => {
    const { user } = await splitLongText();
    await user.click(part(3, 3));
    await user.paste(
      ' And then some more words to push it over the limit of the network, which counts every single one of them, spaces too.',
    );
    const counter = thread().getByText(/^X: \d+ \/ 280 · \d+ over/);
    expect(counter).toHaveAttribute('data-tone', 'danger');
    expect(part(3, 3)).toHaveAttribute('aria-invalid', 'true');
    expect(part(1, 3)).not.toHaveAttribute('aria-invalid');
  });

  it(`stops at ${THREAD_MAX_PARTS} posts and says why a post cannot be added`, async () => {
    const text = Array.from({ length: THREAD_MAX_PARTS }, (_, index) => `Post number ${index + 1}.`).join('\n---\n');
    const { user } = await splitLongText(text);
    expect(partTexts()).toHaveLength(THREAD_MAX_PARTS);

    const add = thread().getByRole('button', { name: 'Add post after post 3' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('A thread can have up to 25 posts. Remove one or join two to add another.');
    await user.click(add);
    expect(partTexts()).toHaveLength(THREAD_MAX_PARTS);

    await user.click(thread().getByRole('button', { name: 'Remove post 25' }));
    expect(thread().getByRole('button', { name: 'Add post after post 3' })).not.toHaveAttribute('aria-disabled');
  });

  it('takes up to four images for each post, and only images', async () => {
    // A file dialog can be told to show every file: the field says what it takes, whatever is chosen.
    const { user } = await splitLongText(longText, { wizard: { userEvent: { applyAccept: false } } });
    const images = (names: string[]) => names.map((name) => new File(['png'], name, { type: 'image/png' }));
    await user.upload(thread().getByLabelText(/^Images for post 2 \(/), images(['a.png', 'b.png', 'c.png']));
    const attached = thread().getByRole('list', { name: 'Images for post 2: attached' });
    expect(await within(attached).findAllByText('Uploaded')).toHaveLength(3);

    await user.upload(thread().getByLabelText(/^Images for post 2 \(/), images(['d.png', 'e.png']));
    expect(thread().getByRole('alert')).toHaveTextContent('X takes up to 4 images in each post; this one has 3 already.');
    await user.upload(thread().getByLabelText(/^Images for post 3 \(/), new File(['mp4'], 'clip.mp4', { type: 'video/mp4' }));
    expect(thread().getAllByRole('alert').at(-1)).toHaveTextContent('clip.mp4 is not an image');
    expect(thread().queryByRole('list', { name: 'Images for post 3: attached' })).not.toBeInTheDocument();
  });

  it('goes back to one text for X', async () => {
    const { user } = await splitLongText();
    await user.click(thread().getByRole('button', { name: 'Post one text instead' }));
    expect(thread().queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText(/^X: \d+ \/ 280 · \d+ over/)).toBeInTheDocument();
  });
});
