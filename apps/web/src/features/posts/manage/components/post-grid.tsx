import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { PageStatus } from '../../../../components/ui/spinner';

/** docs/product.md, Profile · Post lists: the states around either tab's cards: loading, error with 'Try Again', or the cards. */
export function PostGrid({
  status,
  onRetry,
  retrying,
  children,
}: {
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  retrying: boolean;
  children: ReactNode;
}) {
  if (status === 'pending') return <PageStatus>Loading your content...</PageStatus>;
  if (status === 'error') {
    return (
      <Alert variant="error" title="Something went wrong">
        <p>Failed to load your content. Please try again later.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} busy={retrying}>
          Try Again
        </Button>
      </Alert>
    );
  }
  return <>{children}</>;
}

export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {children}
    </ul>
  );
}
