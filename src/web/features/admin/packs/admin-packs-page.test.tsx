import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PACK_TEXTS } from '@shared/schemas/packs';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { AdminPacksPage } from './admin-packs-page';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const PACK = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Travel',
  description: 'Postcards of you',
  coverUrl: null,
  samples: null,
  promptCount: 4,
  price: 60,
  fullPrice: 60,
  priceMode: 'sum',
  discountPrice: null,
  isActive: true,
  prompts: Array.from({ length: 4 }, (_, i) => ({
    prompt: `p${i}`,
    styleId: null,
    width: null,
    height: null,
  })),
  createdAt: '2026-11-26T12:00:00.000Z',
  updatedAt: '2026-11-26T12:00:00.000Z',
};

const COVERED = {
  ...PACK,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Fantasy',
  description: 'Knights and mages',
  coverUrl: '/files/public/packs/cover-1.webp',
  samples: [{ url: '/files/public/pack-samples/f/1.webp', prompt: 'a knight', style: 'Fantasy Hero' }],
};

function renderPage() {
  const client = createTestQueryClient();
  const admin = makeUser({ isAdmin: true });
  client.setQueryData(['/api/auth/user'], { user: admin });
  const fetches = mockFetch({
    'GET /api/auth/user': { body: { user: admin } },
    'GET /api/admin/packs': { body: { packs: [PACK, COVERED], nextCursor: null } },
    [`PUT /api/admin/packs/${COVERED.id}`]: { body: { pack: { ...COVERED, coverUrl: null } } },
    'GET /api/preset-styles': { body: [] },
    'POST /api/admin/packs': {
      status: 400,
      body: {
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
        message: PACK_TEXTS.promptRequired,
        fields: { 'prompts.0.prompt': PACK_TEXTS.promptRequired },
      },
    },
    [`PATCH /api/admin/packs/${PACK.id}/active`]: { body: { pack: { ...PACK, isActive: false } } },
  });
  renderWithProviders(<AdminPacksPage />, { client, route: '/admin/packs' });
  return fetches;
}

describe('AdminPacksPage', () => {
  afterEach(cleanup);

  it('keeps 4 to 40 prompts, sends the pack and shows the server’s message beside its prompt', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByText('Postcards of you');
    await user.click(screen.getByText('New pack'));
    // four empty prompts to start; none can be removed below four
    expect(screen.getAllByLabelText(/^Prompt \d+$/)).toHaveLength(4);
    expect((screen.getByLabelText('Remove prompt 1') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByText('Add prompt'));
    expect(screen.getAllByLabelText(/^Prompt \d+$/)).toHaveLength(5);
    await user.click(screen.getByLabelText('Remove prompt 5'));

    const paste = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await paste(screen.getByLabelText('Name'), 'City breaks');
    for (const i of [2, 3, 4]) await paste(screen.getByLabelText(`Prompt ${i}`), `scene ${i}`);
    await user.click(screen.getByText('Create pack'));

    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      name: 'City breaks',
      priceMode: 'sum',
      discountPrice: null,
      isActive: true,
      prompts: [
        { prompt: '', styleId: null, width: null, height: null },
        { prompt: 'scene 2', styleId: null, width: null, height: null },
        { prompt: 'scene 3' },
        { prompt: 'scene 4' },
      ],
    });
    const field = screen.getByLabelText('Prompt 1');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      PACK_TEXTS.promptRequired,
    );
  });

  it('deactivates a pack from the list', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await screen.findByText('Postcards of you');
    await user.click(await screen.findByRole('button', { name: /Deactivate\s*Travel/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ isActive: false });
  });

  it('removes a cover, after which the samples are shown; a file of another type is refused before upload', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = renderPage();
    await user.click(await screen.findByRole('button', { name: /Edit\s*Fantasy/ }));
    expect(screen.getByRole('img', { name: 'Cover preview' }).getAttribute('src')).toBe(COVERED.coverUrl);

    await user.upload(
      screen.getByLabelText('Upload cover image'),
      new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByText(/cover\.gif/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/packs/cover')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove cover' }));
    expect(screen.queryByRole('img', { name: 'Cover preview' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Sample: a knight (Fantasy Hero style)' })).toBeTruthy();
    await user.click(screen.getByText('Save pack'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ name: 'Fantasy', coverUrl: null });
  });
});
