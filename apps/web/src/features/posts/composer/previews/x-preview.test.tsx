import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { XPreview } from './x-preview';
import type { PreviewChannel, PreviewImage } from './types';

const ada: PreviewChannel = { name: 'Ada Lovelace', handle: 'ada_x', avatarUrl: null, network: 'x', kind: 'person' };

function images(count: number, alt = ''): PreviewImage[] {
  return Array.from({ length: count }, (_, index) => ({ url: `https://cdn.example/${index + 1}.png`, alt: alt && `${alt} ${index + 1}` }));
}

const preview = () => screen.getByRole('figure', { name: 'Preview of your post on X as @ada_x' });

describe('X preview: the post as X draws it', () => {
  it('shows the account’s name and @handle, and counts a long link as 23', () => {
    const link = `https://example.com/${'very-long-path/'.repeat(10)}launch`;
    render(<XPreview channel={ada} text={`Read ${link}`} />);

    const post = within(preview());
    expect(post.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(post.getByText('@ada_x')).toBeInTheDocument();
    // 'Read ' is 5, the link 23 whatever its length.
    expect(post.getByText('28 / 280')).toBeInTheDocument();
    // Shown without its scheme and cut, as X prints links.
    expect(post.getByText('example.com/very-long-pat…')).toBeInTheDocument();
  });

  it('counts emoji and CJK as X does, and marks what is past 280', () => {
    render(<XPreview channel={ada} text={`${'a'.repeat(276)}日本語`} />);

    // 276 + 3 × 2 = 282: the last two weighted characters (語) do not fit.
    expect(within(preview()).getByText('282 / 280 · 2 over: the marked part will not fit')).toBeInTheDocument();
    const marked = preview().querySelector('mark');
    expect(marked).toHaveTextContent("Past X's limit: 語");
  });

  it.each([
    [1, '1 image, full width'],
    [2, '2 images side by side'],
    [3, '3 images: one tall on the left, two stacked on the right'],
    [4, '4 images in a 2 by 2 grid'],
  ])('lays out %i image(s) as X does', (count, layout) => {
    render(<XPreview channel={ada} text="Launch day" images={images(count, 'Team photo')} />);

    const grid = within(preview()).getByRole('group', { name: layout });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(Array.from({ length: count }, (_, index) => `Team photo ${index + 1}`));
    expect(within(grid).getAllByText('ALT')).toHaveLength(count);
  });

  it('shows no ALT badge on an image without a description, and names it as undescribed', () => {
    render(<XPreview channel={ada} text="Launch day" images={images(1)} />);

    expect(within(preview()).getByRole('img', { name: 'Image 1, no description yet' })).toBeInTheDocument();
    expect(within(preview()).queryByText('ALT')).not.toBeInTheDocument();
  });

  it('draws four images and says the rest are left out', () => {
    render(<XPreview channel={ada} text="Launch day" images={images(6, 'Shot')} />);

    expect(within(preview()).getByRole('group', { name: '4 images in a 2 by 2 grid' })).toBeInTheDocument();
    expect(within(preview()).getByText('X shows at most 4 images: the last 2 are left out here.')).toBeInTheDocument();
  });

  it('shows a video with its length', () => {
    render(<XPreview channel={ada} text="Watch" video={{ durationMs: 65_000 }} />);

    expect(within(preview()).getByRole('img', { name: 'Video, 1 minute 5 seconds' })).toHaveTextContent('1:05');
  });

  it('shows the summary card for a link when there is no media, and none beside images', () => {
    const card = {
      url: 'https://www.example.com/launch',
      title: 'We launched',
      description: 'All about it',
      imageUrl: null,
      siteName: null,
    };
    const { rerender } = render(<XPreview channel={ada} text="See https://www.example.com/launch" linkCard={card} />);

    const shown = within(preview()).getByRole('group', { name: 'Link card for example.com' });
    expect(within(shown).getByText('We launched')).toBeInTheDocument();
    expect(within(shown).getByText('All about it')).toBeInTheDocument();

    rerender(<XPreview channel={ada} text="See https://www.example.com/launch" linkCard={card} images={images(1)} />);
    expect(within(preview()).queryByRole('group', { name: /Link card/ })).not.toBeInTheDocument();
  });

  it('shows the link’s domain as a card before the page has been read', () => {
    render(<XPreview channel={ada} text="More at example.org/news." />);

    expect(within(preview()).getByRole('group', { name: 'Link card for example.org' })).toHaveTextContent('example.org');
  });

  it('draws a thread as posts joined by a line, each with its own count', () => {
    render(<XPreview channel={ada} text="1/ The start" thread={['2/ The middle', '3/ The end 🎉']} />);

    const posts = within(preview()).getAllByRole('article');
    expect(posts.map((post) => post.getAttribute('aria-label'))).toEqual(['Post 1 of 3', 'Post 2 of 3', 'Post 3 of 3']);
    expect(within(posts[2] as HTMLElement).getByText('13 / 280')).toBeInTheDocument();
    // The line runs from each post's avatar down to the next; the last has none.
    expect(posts.map((post) => post.querySelector('[data-thread-line]') !== null)).toEqual([true, true, false]);
  });

  it('names the preview by the account’s name when it has no handle', () => {
    render(<XPreview channel={{ ...ada, handle: null }} text="Hi" />);

    expect(screen.getByRole('figure', { name: 'Preview of your post on X as Ada Lovelace' })).toBeInTheDocument();
  });
});
