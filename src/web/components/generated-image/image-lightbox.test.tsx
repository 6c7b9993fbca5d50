import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { ImageLightbox } from './image-lightbox';

const images = ['a', 'b', 'c'].map((id) => ({ id, imageUrl: `/files/${id}.jpg`, prompt: `picture ${id}` }));

function Harness() {
  const [index, setIndex] = useState<number | null>(0);
  const [details, setDetails] = useState(false);
  return (
    <>
      <ImageLightbox
        images={images}
        index={index}
        onIndexChange={setIndex}
        onDownload={() => {}}
        onDetails={() => setDetails(true)}
      />
      <Dialog open={details} onOpenChange={setDetails}>
        <DialogContent>
          <DialogTitle>Image Details</DialogTitle>
          <DialogDescription>details</DialogDescription>
          <button type="button">inside details</button>
        </DialogContent>
      </Dialog>
      <output data-testid="index">{index === null ? 'closed' : index}</output>
    </>
  );
}

describe('ImageLightbox', () => {
  afterEach(cleanup);

  it('gives the keyboard back to the button that opened it', async () => {
    function Opener() {
      const [index, setIndex] = useState<number | null>(null);
      return (
        <>
          <button type="button" onClick={() => setIndex(1)}>
            Open b
          </button>
          <ImageLightbox images={images} index={index} onIndexChange={setIndex} onDownload={() => {}} />
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open b' });
    await userEvent.click(opener);
    expect(await screen.findByText('2 / 3')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('pages with the arrow keys, wraps around, shows n / total and closes on Escape', async () => {
    render(<Harness />);
    expect(await screen.findByText('1 / 3')).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByText('2 / 3')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByText('3 / 3')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('index').textContent).toBe('closed');
  });

  it('leaves the picture alone while the details dialog on top has the keyboard', async () => {
    render(<Harness />);
    await userEvent.click(await screen.findByRole('button', { name: 'Image details' }));
    expect(await screen.findByRole('dialog', { name: 'Image Details' })).toBeTruthy();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('index').textContent).toBe('0');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Image Details' })).toBeNull();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('index').textContent).toBe('1');
  });

  it('while more images exist: no total yet, ← on the first asks for the real last one, → at the end waits', async () => {
    const wrap = vi.fn();
    const moves: (number | null)[] = [];
    function Paged({ index }: { index: number }) {
      return (
        <ImageLightbox
          images={images}
          index={index}
          onIndexChange={(i) => moves.push(i)}
          onDownload={() => {}}
          hasMore
          onWrapToLast={wrap}
        />
      );
    }
    const { rerender } = render(<Paged index={0} />);
    expect(await screen.findByText('1 / …')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(wrap).toHaveBeenCalledTimes(1);
    expect(moves).toEqual([]);
    rerender(<Paged index={2} />);
    await userEvent.keyboard('{ArrowRight}');
    expect(moves).toEqual([]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(moves).toEqual([1]);
  });
});
