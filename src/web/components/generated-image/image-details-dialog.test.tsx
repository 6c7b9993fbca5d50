import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImageDetailsDialog } from './image-details-dialog';

const image = {
  thumbnailUrl: '/files/a-thumb.jpg',
  imageUrl: '/files/a.jpg',
  createdAt: new Date().toISOString(),
  width: 1152,
  height: 2048,
  tokensUsed: 30,
  baseModelName: null,
  modelName: null,
  styleName: null,
  prompt: '',
  negativePrompt: 'blurry',
  isNSFW: false,
};

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Details
      </button>
      <ImageDetailsDialog image={image} open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('ImageDetailsDialog', () => {
  afterEach(cleanup);

  it('shows the fallbacks and gives the keyboard back to the button that opened it', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Details' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Image Details' });
    expect(dialog.textContent).toContain('1152 × 2048 px');
    expect(dialog.textContent).toContain('9:16');
    expect(dialog.textContent).toContain('HD');
    expect(dialog.textContent).toContain('Default');
    expect(dialog.textContent).toContain('None');
    expect(dialog.textContent).toContain('Custom');
    expect(dialog.textContent).toContain('No prompt data available');
    expect(dialog.textContent).toContain('blurry');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("says why a personal model's image has no likeness when face analysis is off", () => {
    const { rerender } = render(
      <ImageDetailsDialog
        image={{ ...image, modelName: 'Me', likeness: null }}
        open
        onOpenChange={() => {}}
        likenessOff
      />,
    );
    expect(screen.getByText(/face analysis is off \(Settings → Privacy\)/)).toBeTruthy();
    rerender(
      <ImageDetailsDialog
        image={{ ...image, modelName: 'Me', likeness: null }}
        open
        onOpenChange={() => {}}
      />,
    );
    expect(screen.queryByText(/face analysis is off/)).toBeNull();
  });
});
