import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LinkedInPreview } from './linkedin-preview';
import type { PreviewChannel, PreviewImage } from './types';

const ada: PreviewChannel = { name: 'Ada Lovelace', handle: null, avatarUrl: null, network: 'linkedin', kind: 'person' };
const acme: PreviewChannel = { name: 'Acme Robotics', handle: null, avatarUrl: null, network: 'linkedin', kind: 'page' };

function images(count: number): PreviewImage[] {
  return Array.from({ length: count }, (_, index) => ({ url: `https://cdn.example/${index + 1}.png`, alt: `Slide ${index + 1}` }));
}

const preview = (name = 'Ada Lovelace') => screen.getByRole('figure', { name: `Preview of your post on LinkedIn as ${name}` });

describe('LinkedIn preview: the post as LinkedIn draws it', () => {
  it('shows a person or a page with its subtitle', () => {
    const { rerender } = render(<LinkedInPreview channel={ada} text="Hello" />);
    expect(within(preview()).getByText('Personal profile')).toBeInTheDocument();

    rerender(<LinkedInPreview channel={acme} text="Hello" />);
    expect(within(preview('Acme Robotics')).getByText('Company page')).toBeInTheDocument();
  });

  it('folds a long text after about 210 characters, and "see more" opens the rest', async () => {
    const user = userEvent.setup();
    const opening = 'We shipped the new planner today. '.repeat(6); // 204 characters
    const text = `${opening}It took a year of work and many late nights, and here is the story of how it came together.`;
    render(<LinkedInPreview channel={ada} text={text} />);

    expect(within(preview()).queryByText(/here is the story/)).not.toBeInTheDocument();
    expect(within(preview()).getByText(/^We shipped the new planner today\./)).toBeInTheDocument();
    await user.click(within(preview()).getByRole('button', { name: '…see more' }));

    // The button is gone: the reader goes on from the opened text.
    expect(within(preview()).getByText(/here is the story of how it came together\.$/)).toHaveFocus();
    expect(within(preview()).queryByRole('button', { name: '…see more' })).not.toBeInTheDocument();
  });

  it('folds after three lines even when they are short', () => {
    render(<LinkedInPreview channel={ada} text={'One\nTwo\nThree\nFour'} />);

    expect(within(preview()).queryByText(/Four/)).not.toBeInTheDocument();
    expect(within(preview()).getByRole('button', { name: '…see more' })).toBeInTheDocument();
  });

  it('shows a short text whole, without "see more"', () => {
    render(<LinkedInPreview channel={ada} text={'Short and sweet.\nTwo lines.'} />);

    expect(within(preview()).queryByRole('button', { name: '…see more' })).not.toBeInTheDocument();
  });

  it.each([
    [1, '1 image, full width', 1],
    [2, '2 images side by side', 2],
    [3, '3 images: one large on top, two below', 3],
    [4, '4 images: one large on top, three below', 4],
  ])('lays out %i image(s) as LinkedIn does', (count, layout, drawn) => {
    render(<LinkedInPreview channel={ada} text="Launch" images={images(count)} />);

    const grid = within(preview()).getByRole('group', { name: layout });
    expect(within(grid).getAllByRole('img')).toHaveLength(drawn);
    expect(within(grid).queryByText(/^\+/)).not.toBeInTheDocument();
  });

  it('shows a big first image, three smaller ones and "+N" on the last from five images', () => {
    render(<LinkedInPreview channel={ada} text="Launch" images={images(7)} />);

    const grid = within(preview()).getByRole('group', { name: '7 images: one large on top, three below, the last marked +3' });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Slide 1', 'Slide 2', 'Slide 3', 'Slide 4']);
    expect(within(grid).getByText('+3')).toHaveTextContent('+3 more images');
  });

  it('shows a document card with its title and page count', () => {
    render(<LinkedInPreview channel={ada} text="Our report" document={{ title: 'Annual report 2026', pages: 12 }} />);

    const card = within(preview()).getByRole('group', { name: 'Document: Annual report 2026, 12 pages' });
    expect(within(card).getByText('Annual report 2026')).toBeInTheDocument();
    expect(within(card).getByText('12 pages')).toBeInTheDocument();
  });

  it('shows the article card with its thumbnail, title and domain', () => {
    const card = { url: 'https://www.example.com/post', title: 'How we plan', imageUrl: 'https://cdn.example/og.png', siteName: 'Example' };
    render(<LinkedInPreview channel={ada} text="New on the blog" linkCard={card} />);

    const shown = within(preview()).getByRole('group', { name: 'Link card for example.com' });
    expect(within(shown).getByText('How we plan')).toBeInTheDocument();
    expect(within(shown).getByText('example.com')).toBeInTheDocument();
    expect(shown.querySelector('img')).toHaveAttribute('src', 'https://cdn.example/og.png');
  });

  it('shows a video with its length, and images before any other attachment', () => {
    const { rerender } = render(<LinkedInPreview channel={ada} text="Watch" video={{ durationMs: 3_725_000 }} />);
    expect(within(preview()).getByRole('img', { name: 'Video, 1 hour 2 minutes 5 seconds' })).toHaveTextContent('1:02:05');

    rerender(<LinkedInPreview channel={ada} text="Watch" video={{ durationMs: 5_000 }} images={images(1)} />);
    expect(within(preview()).queryByRole('img', { name: /^Video/ })).not.toBeInTheDocument();
  });
});
