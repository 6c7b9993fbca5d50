import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_PHOTO_BYTES } from '@shared/constants';
import { Toaster } from '@web/components/ui/toaster';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { ImageHelper } from './image-helper';

const analysis = {
  success: true,
  formattedPrompt: 'a portrait, soft light',
  structuredAnalysis: { palette: [{ hex: '#aa3300', name: 'rust', share: 0.5 }] },
};

function setup(answer: { status?: number; body?: unknown } = { body: analysis }) {
  const onApply = vi.fn();
  const fetches = mockFetch({ 'POST /api/analyze-image': answer });
  renderWithProviders(
    <>
      <ImageHelper onApply={onApply} />
      <Toaster />
    </>,
  );
  const input = screen.getByLabelText('Upload a picture to describe') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { onApply, fetches, input, pick };
}

describe('ImageHelper', () => {
  beforeAll(() => {
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
  });
  afterEach(cleanup);

  it('keeps the hidden file input out of the tab order (the Upload image button opens it)', () => {
    const { input } = setup();
    expect(input.tabIndex).toBe(-1);
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeTruthy();
  });

  it('refuses a file that is not an image, and one larger than the server takes, without uploading', async () => {
    const { fetches, pick } = setup();
    pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(screen.getByText('Please select an image file (JPEG, PNG, etc.).')).toBeTruthy();
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: MAX_PHOTO_BYTES + 1 });
    pick(big);
    expect(await screen.findByText('File too large')).toBeTruthy();
    expect(fetches.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says why a file the server cannot read was refused, without "try again"', async () => {
    const { pick } = setup({
      status: 415,
      body: { error: 'Please select an image file (JPEG, PNG, etc.).', code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    pick(new File(['not really a picture'], 'fake.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Analysis failed')).toBeTruthy();
    expect(screen.getAllByText('Please select an image file (JPEG, PNG, etc.).').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Please try again/)).toBeNull();
  });

  it('analyses an image and inserts the result into the prompt', async () => {
    const { fetches, pick, onApply } = setup();
    pick(new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('a portrait, soft light')).toBeTruthy();
    expect(screen.getByText('Image analysis complete')).toBeTruthy();
    const post = fetches.calls.find((c) => c.method === 'POST' && c.path === '/api/analyze-image')!;
    expect((post.body as FormData).get('image')).toBeInstanceOf(File);
    await userEvent.click(screen.getByRole('button', { name: 'Insert into prompt' }));
    expect(onApply).toHaveBeenCalledWith('a portrait, soft light');
    expect(await screen.findByText('Prompt applied')).toBeTruthy();
  });
});
