import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTION_TOAST_DURATION_MS, TOAST_DURATION_MS, ToastProvider, useToast, type Toast } from './toast';

function Trigger({ toast }: { toast: Omit<Toast, 'id'> }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show(toast)}>
      Do it
    </button>
  );
}

const renderWith = (toast: Omit<Toast, 'id'>) =>
  render(
    <ToastProvider>
      <Trigger toast={toast} />
    </ToastProvider>,
  );

describe('app-wide messages (docs/decisions/122)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a success in the Notifications region and closes it after 8 s', () => {
    renderWith({ variant: 'success', title: 'Changes saved' });
    fireEvent.click(screen.getByRole('button', { name: 'Do it' }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent('Changes saved');
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.queryByText('Changes saved')).toBeNull();
  });

  it('keeps a message with Undo while it has focus, and Undo runs once and closes it', () => {
    const undo = vi.fn();
    renderWith({
      variant: 'success',
      title: 'Post deleted',
      action: { label: 'Undo', accessibleLabel: 'Undo the delete', onAction: undo },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Do it' }));
    const button = screen.getByRole('button', { name: 'Undo the delete' });
    act(() => {
      button.focus();
    });
    act(() => {
      vi.advanceTimersByTime(ACTION_TOAST_DURATION_MS * 2);
    });
    expect(screen.getByText('Post deleted')).toBeInTheDocument();

    fireEvent.click(button);
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Post deleted')).toBeNull();
  });

  it('keeps an error until it is dismissed', () => {
    renderWith({ variant: 'error', title: 'Could not disconnect X (Twitter)' });
    fireEvent.click(screen.getByRole('button', { name: 'Do it' }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not disconnect X (Twitter)');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
