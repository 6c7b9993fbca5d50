import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from './ui/toaster';
import { resetToasts } from './ui/use-toast';
import { CopyButton, CopyField } from './copy-field';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  resetToasts();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CopyField', () => {
  it('shows the value read-only under its label and copies it with a toast', async () => {
    render(
      <>
        <CopyField id="link" label="Invite link" ariaLabel="Copy invite link" value="https://x.test/r/abc" />
        <Toaster />
      </>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Invite link');
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('https://x.test/r/abc');
    fireEvent.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(writeText).toHaveBeenCalledWith('https://x.test/r/abc');
    expect(await screen.findByText('Invite link copied to the clipboard.')).toBeTruthy();
    expect(screen.getByText('Copied', { selector: 'span' })).toBeTruthy();
  });

  it('says to copy by hand when the browser refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(
      <>
        <CopyButton value="secret" label="API key" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('Select the text and copy it by hand.')).toBeTruthy();
  });
});

describe('CopyButton', () => {
  it('says "Copied" for two seconds, then "Copy" again', async () => {
    vi.useFakeTimers();
    render(<CopyButton value="x" label="Setup key" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Setup key' }));
    });
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
