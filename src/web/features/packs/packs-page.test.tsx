import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { PacksPage } from './packs-page';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const PACKS = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Travel',
    description: 'Postcards of you',
    coverUrl: '/files/public/packs/travel.webp',
    samples: [],
    promptCount: 8,
    price: 120,
    fullPrice: 120,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    name: 'Business Headshots',
    description: 'Polished portraits',
    coverUrl: null,
    samples: [
      {
        url: '/files/public/pack-samples/b/1.webp',
        prompt: 'corporate headshot',
        style: 'Professional Headshot',
      },
      { url: '/files/public/pack-samples/b/2.webp', prompt: 'conference stage', style: null },
    ],
    promptCount: 8,
    price: 250,
    fullPrice: 320,
  },
];
const MODELS = [
  { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', name: 'Still Training', status: 'training' },
  { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'My Face', status: 'ready' },
];
const BATCH = {
  id: '33333333-3333-4333-8333-333333333333',
  status: 'pending',
  total: 8,
  done: 0,
  failed: 0,
  charged: 120,
  refunded: 0,
  packId: PACKS[0]!.id,
  packName: 'Travel',
  modelId: MODELS[1]!.id,
  createdAt: '2026-11-26T12:00:00.000Z',
};

function renderPage(models = MODELS, tokenBalance = 500) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ tokenBalance }) });
  const fetches = mockFetch({
    'GET /api/auth/user': { body: { user: makeUser({ tokenBalance }) } },
    'GET /api/packs': { body: { packs: PACKS, nextCursor: null } },
    'GET /api/models': { body: models },
    [`POST /api/packs/${PACKS[0]!.id}/generate`]: { status: 202, body: { batch: BATCH } },
    [`GET /api/pack-batches/${BATCH.id}`]: {
      body: { batch: { ...BATCH, status: 'partial', done: 7, failed: 1, refunded: 15 } },
    },
  });
  renderWithProviders(<PacksPage />, { client, route: '/packs' });
  return fetches;
}

describe('PacksPage (the pack picker)', () => {
  afterEach(cleanup);

  it('lists packs with cover, photo count and price, and offers only ready models', async () => {
    renderPage();
    const list = await screen.findByRole('list', { name: 'Photo packs' });
    const travel = within(list).getByRole('heading', { name: 'Travel' }).closest('li')!;
    expect(within(travel).getByText('8 photos')).toBeTruthy();
    expect(within(travel).getByText('120 tokens')).toBeTruthy();
    // an admin's cover, described, lazily loaded in a box of fixed shape
    const cover = within(travel).getByRole('img', { name: 'Cover of the Travel pack' });
    expect(cover.getAttribute('src')).toBe('/files/public/packs/travel.webp');
    expect(cover.getAttribute('loading')).toBe('lazy');
    expect(cover.parentElement!.className).toContain('aspect-[4/3]');
    const headshots = within(list).getByRole('heading', { name: 'Business Headshots' }).closest('li')!;
    // without one, the sample pictures of its styles are its cover
    const samples = within(headshots).getAllByRole('img');
    expect(samples.map((i) => i.getAttribute('alt'))).toEqual([
      'Sample from the Business Headshots pack: corporate headshot (Professional Headshot style)',
      'Sample from the Business Headshots pack: conference stage',
    ]);
    expect(samples.every((i) => i.getAttribute('loading') === 'lazy')).toBe(true);
    expect(within(headshots).getByText('250 tokens')).toBeTruthy();
    expect(within(headshots).getByText('320 tokens')).toBeTruthy();
    // the select shows the ready model; the one still training is not offered
    expect(screen.getByRole('combobox', { name: 'Model' }).textContent).toContain('My Face');
    expect(screen.queryByText('Still Training')).toBeNull();
  });

  it('confirms with the price, buys with the chosen model, then shows progress and the album link', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    const trigger = await screen.findByRole('button', { name: 'Generate pack: Travel' });
    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('8 photos of My Face for 120 tokens, charged once');
    // cancelling charges nothing and gives focus back to the button that opened it
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Generate for 120 tokens' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`/api/packs/${PACKS[0]!.id}/generate`);
    expect(post.body).toEqual({ modelId: MODELS[1]!.id });

    const link = await screen.findByRole('link', { name: 'See your album' });
    expect(link.getAttribute('href')).toBe(`/gallery/albums/${BATCH.id}`);
    expect(screen.getByText(/8 of 8 photos done; 15 tokens refunded/)).toBeTruthy();
  });

  it('says in the dialog that the balance is short and offers Top up instead of the charge (issue 45 N4)', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(MODELS, 100);
    await user.click(await screen.findByRole('button', { name: 'Generate pack: Travel' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('note').textContent).toBe(
      "This pack's 8 photos cost 120 tokens; your balance is 100, 20 short.",
    );
    expect(within(dialog).queryByRole('button', { name: /Generate for/ })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      '/tokens/purchase',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the pack's sample pictures in its dialog", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Generate pack: Business Headshots' }));
    const dialog = await screen.findByRole('alertdialog');
    const samples = within(dialog).getByRole('list', {
      name: 'Sample pictures of the Business Headshots pack',
    });
    expect(
      within(samples)
        .getAllByRole('img')
        .map((i) => i.getAttribute('src')),
    ).toEqual(['/files/public/pack-samples/b/1.webp', '/files/public/pack-samples/b/2.webp']);
  });

  it('without a ready model, points to creating one and disables buying', async () => {
    renderPage([MODELS[0]!]);
    expect(await screen.findByText('You need a ready model first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a model' }).getAttribute('href')).toBe('/models/create');
    expect(
      (screen.getByRole('button', { name: 'Generate pack: Travel' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
