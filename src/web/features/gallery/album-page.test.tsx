import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { AlbumPage } from './album-page';

// Issue 45 N5: a finished pack's results page.
const BATCH_ID = '33333333-3333-4333-8333-333333333333';

function image(i: number, styleName: string | null) {
  return {
    id: `00000000-0000-4000-8000-00000000000${i}`,
    imageUrl: `/files/u/u1/images/img-${i}.jpg`,
    thumbnailUrl: `/files/u/u1/images/img-${i}.thumb.webp`,
    width: 768,
    height: 768,
    prompt: `travel prompt ${i}`,
    negativePrompt: '',
    tokensUsed: 15,
    isNSFW: false,
    createdAt: '2026-11-26T12:00:00.000Z',
    modelId: null,
    modelName: 'My Face',
    styleId: null,
    styleName,
    baseModelId: null,
    baseModelName: 'FLUX.1 Dev',
    seed: 1,
    generationId: null,
    upscaledFrom: null,
  };
}

const ALBUM = {
  batch: {
    id: BATCH_ID,
    status: 'partial',
    total: 4,
    done: 3,
    failed: 1,
    charged: 60,
    refunded: 15,
    packId: null,
    packName: 'Travel',
    modelId: null,
    createdAt: '2026-11-26T12:00:00.000Z',
  },
  completedAt: '2026-11-26T12:03:00.000Z',
  styles: ['Oil Painting'],
  images: [image(1, null), image(2, 'Oil Painting'), image(3, null)],
};

function setup(album: unknown = ALBUM, status = 200) {
  shimRadixForJsdom();
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser() });
  const fetches = mockFetch({
    [`GET /api/pack-batches/${BATCH_ID}/album`]:
      status === 200
        ? { body: { album } }
        : { status, body: { error: 'Not Found', code: 'NOT_FOUND', message: 'Album not found' } },
  });
  renderWithProviders(<AlbumPage />, {
    client,
    route: `/gallery/albums/${BATCH_ID}`,
    path: '/gallery/albums/:id',
  });
  return fetches;
}

describe('AlbumPage', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the pack's title, style, date, what failed, and every photo", async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Travel pack', level: 1 })).toBeTruthy();
    expect(screen.getByText('3 photos')).toBeTruthy();
    expect(screen.getByText('Style: Oil Painting')).toBeTruthy();
    expect(screen.getByText(/Nov.* 26, 2026|26 Nov/)).toBeTruthy();
    expect(screen.getByText(/1 of 4 photos could not be generated; 15 tokens were refunded/)).toBeTruthy();
    const grid = screen.getByRole('list', { name: 'Album photos' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'All images' }).getAttribute('href')).toBe('/gallery');
  });

  it('"Download all" asks the zip download for the whole album', async () => {
    const user = userEvent.setup();
    setup();
    const submitted: { action: string; payload: string }[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({
        action: new URL(this.action, 'http://localhost').pathname,
        payload: (this.elements.namedItem('payload') as HTMLInputElement).value,
      });
    });
    await user.click(await screen.findByRole('button', { name: 'Download all' }));
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.action).toBe('/api/generated-images/zip');
    expect(JSON.parse(submitted[0]!.payload)).toEqual({ packBatchId: BATCH_ID });
  });

  it('opens a photo in the image viewer', async () => {
    const user = userEvent.setup();
    setup();
    const grid = await screen.findByRole('list', { name: 'Album photos' });
    const first = within(grid).getAllByRole('listitem')[0]!;
    await user.click(within(first).getAllByRole('button')[0]!);
    const viewer = await screen.findByRole('dialog');
    await waitFor(() => expect(viewer.textContent).toContain('1 / 3'));
  });

  it('a pack still rendering says so; an album that is not yours is not found', async () => {
    setup({ ...ALBUM, batch: { ...ALBUM.batch, status: 'running', done: 2, failed: 0 }, completedAt: null });
    expect(await screen.findByText(/2 of 4 photos done/)).toBeTruthy();
    cleanup();
    setup(ALBUM, 404);
    expect(await screen.findByText('Album not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your gallery' }).getAttribute('href')).toBe('/gallery');
  });
});
