import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@web/components/ui/toaster';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { GalleryPage } from './gallery-page';

// Issue 25: the gallery's selection mode and zip download, and the upscale in an image's details.
function image(i: number, over: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-00000000000${i}`,
    imageUrl: `/files/u/u1/images/img-${i}.jpg`,
    thumbnailUrl: `/files/u/u1/images/img-${i}.thumb.webp`,
    width: 512,
    height: 512,
    prompt: `prompt ${i}`,
    negativePrompt: '',
    tokensUsed: 30,
    isNSFW: false,
    createdAt: new Date().toISOString(),
    modelId: null,
    modelName: null,
    styleId: null,
    styleName: null,
    baseModelId: null,
    baseModelName: null,
    seed: 1,
    generationId: 'aaaaaaaa-0000-4000-8000-000000000001',
    upscaledFrom: null,
    ...over,
  };
}
const images = [image(1), image(2), image(3)];

function setup() {
  shimRadixForJsdom();
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser() });
  const fetches = mockFetch({
    'GET /api/generated-images': { body: { images, nextCursor: null } },
    [`GET /api/generated-images/${images[0]!.id}`]: { body: { ...images[0], upscales: [] } },
    'GET /api/upscale-prices': {
      body: {
        prices: [
          { factor: 2, tokenCost: 10 },
          { factor: 4, tokenCost: 25 },
        ],
      },
    },
    [`POST /api/generated-images/${images[0]!.id}/upscale`]: {
      body: {
        image: {
          id: 'bbbbbbbb-0000-4000-8000-000000000001',
          width: 1024,
          height: 1024,
          imageUrl: '/files/x.jpg',
          thumbnailUrl: '/files/x.webp',
          upscaledFrom: images[0]!.id,
        },
        upscale: { id: 'u', status: 'succeeded', factor: 2, tokenCost: 10 },
        balance: 90,
      },
    },
    'GET /api/models': { body: [] },
    'GET /api/preset-styles': { body: [] },
  });
  renderWithProviders(
    <>
      <GalleryPage />
      <Toaster />
    </>,
    { client, route: '/gallery' },
  );
  return fetches;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('gallery selection', () => {
  it('selects images by keyboard and posts their ids as a zip download form', async () => {
    const submitted: { action: string; target: string; payload: string }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({
        action: this.getAttribute('action') ?? '',
        target: this.target,
        payload: (this.elements.namedItem('payload') as HTMLInputElement).value,
      });
    });
    const user = userEvent.setup();
    setup();
    await screen.findByRole('list', { name: 'Your images' });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: /select/i, pressed: false }));
    const bar = screen.getByRole('toolbar', { name: 'Selected images' });
    expect(within(bar).getByText('0 selected')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /download zip/i })).toHaveProperty('disabled', true);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    // keyboard: focus the first box, space ticks it; one Tab reaches the next box (the tiles' other
    // buttons step aside in selection mode)
    boxes[0]!.focus();
    await user.keyboard(' ');
    await user.tab();
    expect(document.activeElement).toBe(boxes[1]);
    await user.keyboard(' ');
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: /download zip/i }));
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.action).toBe('/api/generated-images/zip');
    expect(JSON.parse(submitted[0]!.payload)).toEqual({ ids: [images[0]!.id, images[1]!.id] });
    await user.click(within(bar).getByRole('button', { name: 'Select all' }));
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Done selecting' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('upscales from the details after confirming the price, and offers the generation as a zip', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const user = userEvent.setup();
    const { calls } = setup();
    await screen.findByRole('list', { name: 'Your images' });
    await user.click(screen.getAllByRole('button', { name: 'Details' })[0]!);
    const dialog = await screen.findByRole('dialog');
    const x2 = await within(dialog).findByRole('button', { name: /upscale ×2 \(10 tokens\)/i });
    await user.click(x2);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('1024 × 1024 px');
    expect(confirm.textContent).toContain('10 tokens');
    await user.click(within(confirm).getByRole('button', { name: 'Upscale' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/upscale'))).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.path.endsWith('/upscale'))!;
    expect(post.body).toEqual({ factor: 2 });
    await screen.findByText(/is in your gallery/);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /download this generation/i }),
    );
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
