import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from './toaster';
import { TOAST_LIMIT, dismissToast, resetToasts, toast } from './use-toast';

describe('toasts', () => {
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('shows at most 5 at once, newest first', async () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= 7; i += 1) toast({ title: `Toast ${i}`, description: `Body ${i}` });
    });
    expect(await screen.findByText('Toast 7', {}, { timeout: 5000 })).toBeTruthy();
    expect(TOAST_LIMIT).toBe(5);
    for (let i = 3; i <= 7; i += 1) expect(screen.getByText(`Toast ${i}`)).toBeTruthy();
    expect(screen.queryByText('Toast 1')).toBeNull();
    expect(screen.queryByText('Toast 2')).toBeNull();
  });

  it('renders the destructive variant and has the F8 notification region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ variant: 'destructive', title: 'Login failed', description: 'Invalid username or password' });
    });
    expect(await screen.findByText('Login failed', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Invalid username or password')).toBeTruthy();
    // Radix names the region after its hotkey.
    expect(screen.getByRole('region', { name: /F8/ })).toBeTruthy();
  });

  it('closes a dismissed toast', async () => {
    render(<Toaster />);
    let id = '';
    act(() => {
      id = toast({ title: 'Saved' }).id;
    });
    expect(await screen.findByText('Saved', {}, { timeout: 5000 })).toBeTruthy();
    act(() => dismissToast(id));
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  });

  it('F8 focuses the notification area before any toast has shown', async () => {
    render(<Toaster />);
    expect(screen.queryByRole('region', { name: /F8/ })).toBeNull();
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', bubbles: true }));
    });
    const region = await screen.findByRole('region', { name: /F8/ }, { timeout: 5000 });
    await waitFor(() => expect(region.contains(document.activeElement)).toBe(true));
  });
});
