import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';
import { ConfirmDialog } from './alert-dialog';

afterEach(cleanup);

function Delete({ onConfirm }: { onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={<Button>Delete Style</Button>}
      title="Are you sure?"
      description="This cannot be undone."
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
    />
  );
}

describe('ConfirmDialog', () => {
  it('asks with a named dialog, and Cancel (or Escape) gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Delete onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete Style' });
    await user.click(opener);
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
    await user.keyboard('{Enter}');
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action when confirmed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Delete onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete Style' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
