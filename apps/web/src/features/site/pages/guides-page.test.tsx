import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';

async function openGuides(path = '/guides') {
  mockApi();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Guides' });
  return app;
}

const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('guides', () => {
  it('shows the nine guides under the four categories, each linking to its page', async () => {
    await openGuides();

    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Getting Started', 'Content Management', 'Analytics', 'Advanced Features', 'Still stuck?']);
    expect(cardTitles()).toHaveLength(9);
    const gettingStarted = within(screen.getByRole('region', { name: 'Getting Started' }));
    expect(gettingStarted.getByRole('link', { name: 'Creating an account' })).toHaveAttribute('href', '/guides/creating-account');
    expect(gettingStarted.getByRole('link', { name: 'Connecting platforms' })).toHaveAttribute('href', '/guides/connecting-platforms');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  it('narrows the cards as the visitor types, hides empty categories, and says when nothing matches', async () => {
    const { user, router } = await openGuides();
    const search = screen.getByRole('searchbox', { name: 'Search guides' });

    await user.type(search, 'time zone');
    expect(cardTitles()).toEqual(['Content scheduling', 'API integration']);
    expect(screen.getByRole('status')).toHaveTextContent('2 guides match.');
    expect(screen.queryByRole('region', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Getting Started' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=time+zone');

    await user.type(search, ' kubernetes');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('No guides match “time zone kubernetes”.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardTitles()).toHaveLength(9);
    expect(search).toHaveValue('');
  });

  it('keeps the search in the address, so a shared link shows the same results', async () => {
    await openGuides('/guides?q=bearer');

    expect(screen.getByRole('searchbox', { name: 'Search guides' })).toHaveValue('bearer');
    expect(cardTitles()).toEqual(['API integration']);
  });

  it('opens a guide from its card, with its sections and a way back', async () => {
    const { user, pathname } = await openGuides();

    await user.click(screen.getByRole('link', { name: 'Content scheduling' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Content scheduling' })).toBeInTheDocument();
    expect(pathname()).toBe('/guides/content-scheduling');
    expect(screen.getByRole('heading', { level: 2, name: 'Time zones and daylight saving' })).toBeInTheDocument();
    expect(screen.getByText(/within 2 hours of its time/)).toBeInTheDocument();
    const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(toc.getByRole('link', { name: 'Picking a time' })).toHaveAttribute('href', '#section-1');
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Guides' })).toHaveAttribute(
      'href',
      '/guides',
    );
    expect(screen.getByRole('link', { name: /Next guide/ })).toHaveAttribute('href', '/guides/understanding-analytics');
    expect(screen.getByRole('link', { name: /Previous guide/ })).toHaveAttribute('href', '/guides/creating-posts');
  });

  it('renders code and internal links in guide text', async () => {
    mockApi();
    renderApp('/guides/creating-account');
    await screen.findByRole('heading', { level: 1, name: 'Creating an account' });

    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByText('SMTP_URL').tagName).toBe('CODE');
    expect(screen.getByText(/^npm start/).closest('pre')).not.toBeNull();
  });

  it('answers an unknown guide with a friendly page that leads back to the list', async () => {
    mockApi();
    const { user, pathname } = renderApp('/guides/no-such-guide');

    expect(await screen.findByRole('heading', { level: 1, name: 'Guide not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to all guides' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Guides' })).toBeInTheDocument();
    expect(pathname()).toBe('/guides');
  });
});
