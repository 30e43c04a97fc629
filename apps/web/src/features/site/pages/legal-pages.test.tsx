import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { formatLegalDate } from '../components/legal';

describe.each([
  ['/terms', 'Terms of Service', /Acceptable use/],
  ['/privacy', 'Privacy Policy', /AES-256-GCM/],
])('%s', (path, title, content) => {
  it('says it was last updated today, and carries its text', async () => {
    mockApi();
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const today = new Date();
    const stamp = screen.getByText(formatLegalDate(today));
    expect(stamp.tagName).toBe('TIME');
    expect(stamp.parentElement).toHaveTextContent(`Last updated: ${formatLegalDate(today)}`);
    expect(stamp).toHaveAttribute('dateTime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    expect(screen.getAllByText(content).length).toBeGreaterThan(0);
  });
});

describe('legal date', () => {
  it('is written out in full', () => {
    expect(formatLegalDate(new Date(2026, 2, 5))).toBe('March 5, 2026');
  });
});
