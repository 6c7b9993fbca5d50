import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { AdminImageGalleryPage } from './admin-image-gallery-page';

const image = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  imageUrl: `/files/u/u1/${id}.jpg`,
  thumbnailUrl: `/files/u/u1/${id}-thumb.jpg`,
  width: 1024,
  height: 1024,
  prompt: `portrait ${id}`,
  negativePrompt: '',
  tokensUsed: 30,
  isNSFW: false,
  createdAt: '2025-01-01T10:00:00Z',
  modelId: null,
  modelName: null,
  styleId: null,
  styleName: null,
  baseModelId: 'b1',
  baseModelName: 'FLUX.1 Dev',
  seed: null,
  generationId: 'g1',
  userId: 'u1',
  username: 'ann_1',
  ...over,
});

function renderPage(gallery: { status?: number; body?: unknown }) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
  const fetches = mockFetch({
    'GET /api/admin/generated-images': gallery,
    'GET /api/base-models': { body: [{ id: 'b1', name: 'FLUX.1 Dev' }] },
    'GET /api/preset-styles': { body: [] },
  });
  renderWithProviders(<AdminImageGalleryPage />, { client, route: '/admin/image-gallery' });
  return fetches;
}

describe('AdminImageGalleryPage', () => {
  afterEach(cleanup);

  it('lists images in both views and filters through a described dialog', async () => {
    const { calls } = renderPage({
      body: { images: [image('i1'), image('i2', { isNSFW: true })], nextCursor: null },
    });
    const grid = await screen.findByRole('list', { name: 'Generated images' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
    expect(within(grid).getByText('NSFW')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Detailed View' }));
    expect(await screen.findByRole('table')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter images' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(dialog).getByText('Narrow the gallery by date, user, model, style, content and size.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/admin/generated-images'))).toBe(true);
  });

  it("names the owner, not the admin, in the likeness of someone else's image", async () => {
    renderPage({
      body: { images: [image('i1', { likeness: 82, userId: 'someone-else' })], nextCursor: null },
    });
    const grid = await screen.findByRole('list', { name: 'Generated images' });
    await userEvent.click(within(grid).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image Details' });
    expect(within(dialog).getByText('Looks like ann_1: 82')).toBeTruthy();
    expect(dialog.textContent).not.toContain('Looks like you');
  });

  it('shows No images found. on an empty list and a retry on a load failure', async () => {
    renderPage({ body: { images: [], nextCursor: null } });
    expect(await screen.findByText('No images found.')).toBeTruthy();
    cleanup();
    renderPage({ status: 500, body: { error: 'boom', message: 'boom', code: 'INTERNAL' } });
    expect(await screen.findByText('Failed to load images')).toBeTruthy();
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(reload).toHaveBeenCalled();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
