import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../../lib/page-navigation';
import { COMING_SOON_TOOLTIP_MS, SocialSignInButtons } from './social-sign-in-buttons';

// fireEvent rather than user-event where the clock is fake: user-event waits on the faked setTimeout.
describe('Facebook and Instagram sign-in', () => {
  it("show a 'Coming soon' tooltip for 2 seconds and go nowhere", async () => {
    vi.useFakeTimers();
    render(<SocialSignInButtons />);
    const facebook = screen.getByRole('button', { name: 'Continue with Facebook' });

    fireEvent.click(facebook);

    expect(screen.getByRole('tooltip')).toHaveTextContent('Coming soon');
    expect(facebook).toHaveAccessibleDescription('Coming soon');
    expect(pageNavigation.assign).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(COMING_SOON_TOOLTIP_MS - 1);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(facebook).not.toHaveAccessibleDescription();
  });

  it('restarts the 2 seconds on another click', async () => {
    vi.useFakeTimers();
    render(<SocialSignInButtons />);
    const instagram = screen.getByRole('button', { name: 'Continue with Instagram' });

    fireEvent.click(instagram);
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    fireEvent.click(instagram);
    act(() => {
      vi.advanceTimersByTime(1500);
    });

    expect(screen.getByRole('tooltip')).toHaveTextContent('Coming soon');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<SocialSignInButtons />);

    screen.getByRole('button', { name: 'Continue with Instagram' }).focus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('tooltip')).toHaveTextContent('Coming soon');
  });
});
