import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@web/components/ui/toaster';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { GalleryPage } from './gallery-page';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

function image(i: number, over: Record<string, unknown> = {}) {
  return {
    id: `img-${i}`,
    imageUrl: `/files/u/u1/images/img-${i}.jpg`,
    thumbnailUrl: `/files/u/u1/images/img-${i}.thumb.webp`,
    width: 1152,
    height: 2048,
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
    generationId: null,
    ...over,
  };
}

function setup(pages: Record<string, { images: unknown[]; nextCursor: string | null }>, nsfw = false) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ enableNSFW: nsfw, enableNsfw: nsfw }) });
  const fetches = mockFetch({
    'GET /api/generated-images': ({ url }) => ({
      body: pages[url.searchParams.get('cursor') ?? ''] ?? { images: [], nextCursor: null },
    }),
    'DELETE /api/generated-images/img-1': { body: { success: true, id: 'img-1' } },
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
  return Object.assign(fetches, { client });
}

afterEach(cleanup);

describe('GalleryPage', () => {
  it('asks for the style list with NSFW styles included (the server keeps them for NSFW users only)', async () => {
    const { calls } = setup({});
    await screen.findByRole('link', { name: 'Generate Your First Image' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/preset-styles?showNsfw=true')).toBe(true));
  });

  it('counts the preview against the real total and wraps ← from the first to the real last image', async () => {
    const all = Array.from({ length: 30 }, (_, i) => image(i + 1));
    setup({
      '': { images: all.slice(0, 24), nextCursor: 'c2' },
      c2: { images: all.slice(24), nextCursor: null },
    });
    const list = await screen.findByRole('list', { name: 'Your images' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open image: prompt 1' }));
    expect(await screen.findByText('1 / 30')).toBeTruthy();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByText('30 / 30')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'prompt 30' })).toBeTruthy();
  });

  it('shows the empty state with a way to start', async () => {
    setup({});
    const link = await screen.findByRole('link', { name: 'Generate Your First Image' });
    expect(link.getAttribute('href')).toBe('/models');
  });

  it('lists images merged by id, says when the end is reached, and shows details with fallbacks', async () => {
    setup({ '': { images: [image(1), image(2, { isNSFW: true })], nextCursor: null } });
    const list = await screen.findByRole('list', { name: 'Your images' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await screen.findByText("You've reached the end of your gallery!");
    expect(within(list).getByText('NSFW')).toBeTruthy();
    // docs/product/decisions.md §23: blurred for a user without NSFW, with nothing to reveal it
    expect(list.querySelector('img[alt="prompt 2"]')!.className).toContain('blur');
    await userEvent.click(within(list).getAllByRole('button', { name: 'Details' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Image Details' });
    expect(within(dialog).getByText('1152 × 2048 px')).toBeTruthy();
    expect(within(dialog).getByText('9:16')).toBeTruthy();
    expect(within(dialog).getByText('HD')).toBeTruthy();
    expect(within(dialog).getByText('Default')).toBeTruthy();
    expect(within(dialog).getByText('None')).toBeTruthy();
    expect(within(dialog).getByText('Custom')).toBeTruthy();
  });

  it('loads the next page as the end of the list comes in reach; after a failed page, waits for Try again', async () => {
    // jsdom has no layout: an observer that reports the list's end in reach as soon as it is watched,
    // and again whenever the test says it still is (`inReach`)
    const watching = new Set<() => void>();
    const inReach = () => watching.forEach((report) => report());
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly reports: (() => void)[] = [];
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          const report = () =>
            this.callback(
              [{ target, isIntersecting: true } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            );
          this.reports.push(report);
          watching.add(report);
          queueMicrotask(report);
        }
        disconnect() {
          for (const report of this.reports.splice(0)) watching.delete(report);
        }
      },
    );
    try {
      let failing = true;
      const pages: Record<string, { images: unknown[]; nextCursor: string | null }> = {
        '': { images: [image(1)], nextCursor: 'c2' },
        c2: { images: [image(2)], nextCursor: null },
      };
      const client = createTestQueryClient();
      client.setQueryData(['/api/auth/user'], { user: makeUser() });
      mockFetch({
        'GET /api/generated-images': ({ url }) => {
          const cursor = url.searchParams.get('cursor') ?? '';
          if (cursor === 'c2' && failing) return { status: 503, body: { error: 'Unavailable' } };
          return { body: pages[cursor] };
        },
        'GET /api/models': { body: [] },
        'GET /api/preset-styles': { body: [] },
      });
      // a response that comes in a later task, as over a network, so the page draws itself loading
      // (counted as asked, before that task: a request begun is seen at once)
      const asked: string[] = [];
      const answer = globalThis.fetch;
      globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
        asked.push(args[0] instanceof Request ? args[0].url : String(args[0]));
        await new Promise((r) => setImmediate(r));
        return answer(...args);
      }) as typeof fetch;
      renderWithProviders(<GalleryPage />, { client, route: '/gallery' });
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Could not load more images.');
      const secondPage = () => asked.filter((url) => url.includes('cursor=c2')).length;
      // no request of its own after the failure, however often the end is reported in reach
      for (let i = 0; i < 3; i++) await act(async () => inReach());
      expect(secondPage()).toBe(1);
      failing = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      const list = screen.getByRole('list', { name: 'Your images' });
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
      await screen.findByText("You've reached the end of your gallery!");
      expect(screen.queryByRole('alert')).toBeNull();
      expect(secondPage()).toBe(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the preview on the same picture when a poll brings a newer image to the top', async () => {
    const pages = { '': { images: [image(1), image(2)], nextCursor: null as string | null } };
    const { client } = setup(pages);
    const list = await screen.findByRole('list', { name: 'Your images' });
    await userEvent.click(within(list).getByRole('button', { name: 'Open image: prompt 1' }));
    const preview = await screen.findByRole('dialog', { name: 'Image preview' });
    expect(within(preview).getByText('1 / 2')).toBeTruthy();
    pages[''] = { images: [image(3), image(1), image(2)], nextCursor: null };
    await client.refetchQueries({ queryKey: ['/api/generated-images'] });
    await waitFor(() => expect(within(preview).getByText('2 / 3')).toBeTruthy());
    expect(within(preview).getByRole('img').getAttribute('alt')).toBe('prompt 1');
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(preview).getByRole('img').getAttribute('alt')).toBe('prompt 3');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image preview' })).toBeNull());
  });

  it('shows "Looks like you: N" on the card and in Image Details, nothing without a score', async () => {
    setup({
      '': {
        images: [image(1, { likeness: 82, modelName: 'Me' }), image(2, { likeness: null, modelName: 'Me' })],
        nextCursor: null,
      },
    });
    const list = await screen.findByRole('list', { name: 'Your images' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [scored, unscored] = within(list).getAllByRole('listitem');
    expect(within(scored).getByText('Looks like you: 82')).toBeTruthy();
    expect(unscored.textContent).not.toContain('Looks like you');
    await userEvent.click(within(scored).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image Details' });
    expect(within(dialog).getByText('Likeness')).toBeTruthy();
    expect(within(dialog).getByText('Looks like you: 82')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(unscored).getByRole('button', { name: 'Details' }));
    const other = await screen.findByRole('dialog', { name: 'Image Details' });
    expect(within(other).queryByText('Likeness')).toBeNull();
  });

  it('orders by likeness and filters to 60+ on the server', async () => {
    shimRadixForJsdom();
    const fetches = setup({ '': { images: [image(1, { likeness: 90 })], nextCursor: null } });
    await screen.findByRole('list', { name: 'Your images' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Order and likeness' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Most like you' }));
    await waitFor(() => expect(fetches.calls.some((c) => c.path.includes('sort=likeness'))).toBe(true));
    await userEvent.click(screen.getByRole('combobox', { name: 'Order and likeness' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Looks like you: 60+' }));
    await waitFor(() => expect(fetches.calls.some((c) => c.path.includes('minLikeness=60'))).toBe(true));
  });

  it('searches by prompt', async () => {
    const fetches = setup({ '': { images: [image(1)], nextCursor: null } });
    await screen.findByRole('list', { name: 'Your images' });
    await userEvent.type(screen.getByPlaceholderText('Search by prompt...'), 'sunset');
    await waitFor(() => expect(fetches.calls.some((c) => c.path.includes('search=sunset'))).toBe(true));
  });

  it('deletes after the confirmation', async () => {
    const fetches = setup({ '': { images: [image(1)], nextCursor: null } });
    const list = await screen.findByRole('list', { name: 'Your images' });
    await userEvent.click(within(list).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Image' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The image has been deleted successfully.');
    expect(fetches.calls.some((c) => c.method === 'DELETE' && c.path === '/api/generated-images/img-1')).toBe(
      true,
    );
  });
});
