import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageWindow, Pagination } from './pagination';

describe('pageWindow (docs/product.md, Feed · Paging: up to 5 page buttons in a sliding window)', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [7, 10, [5, 6, 7, 8, 9]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [5, 5, [1, 2, 3, 4, 5]],
    [12, 10, [6, 7, 8, 9, 10]],
    [0, 10, [1, 2, 3, 4, 5]],
  ])('page %d of %d → %j', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe('Pagination', () => {
  it('marks the current page, disables Previous on the first page and Next on the last', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);

    rerender(<Pagination page={3} totalPages={3} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
  });
});
