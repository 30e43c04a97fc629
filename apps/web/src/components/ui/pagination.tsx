import { Button } from './button';

/**
 * The page numbers to offer: up to `size` consecutive pages around `current`, slid to stay within
 * 1…`total` (a sliding window of 5; docs/product.md, Feed · Paging). Pages count from 1.
 */
export function pageWindow(current: number, total: number, size = 5): number[] {
  if (total <= 0) return [];
  const count = Math.min(size, total);
  const page = Math.min(Math.max(1, current), total);
  const first = Math.min(Math.max(1, page - Math.floor(count / 2)), total - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** Previous, a window of page buttons, Next; the current page is marked for assistive technology. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label = 'Pagination',
  disabled = false,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button variant="secondary" size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'primary' : 'ghost'}
          size="sm"
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
          disabled={disabled}
          onClick={() => number !== page && onPageChange(number)}
          className="min-w-8"
        >
          {number}
        </Button>
      ))}
      <Button variant="secondary" size="sm" disabled={disabled || page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
