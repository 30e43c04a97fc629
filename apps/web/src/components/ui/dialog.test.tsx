import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './dialog';

function DeletePost({ onConfirm = () => {}, onDeny }: { onConfirm?: () => void; onDeny?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title="Delete post?"
        message="Are you sure you want to delete this scheduled post?"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onDeny={onDeny}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('opens as a modal dialog with the default answers OK and Cancel, focus inside', async () => {
    const user = userEvent.setup();
    render(<DeletePost />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete post?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this scheduled post?');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it("offers 'No' when there is a third answer", async () => {
    const user = userEvent.setup();
    const onDeny = vi.fn();
    render(<DeletePost onDeny={onDeny} />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'No' }));

    expect(onDeny).toHaveBeenCalledOnce();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<DeletePost />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.tab();
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeletePost onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with OK', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeletePost onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
