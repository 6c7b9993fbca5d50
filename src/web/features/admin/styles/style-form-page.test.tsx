import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@web/testing/fixtures';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { StyleFormPage } from './style-form-page';

// jsdom has no ResizeObserver; Radix's Switch measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function renderForm(route = '/admin/preset-styles/create', overrides: Parameters<typeof mockFetch>[0] = {}) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
  const fetches = mockFetch(overrides);
  renderWithProviders(<StyleFormPage />, {
    client,
    route,
    path: route.includes('/edit/') ? '/admin/preset-styles/edit/:id' : '/admin/preset-styles/create',
    routes: [{ path: '/admin', element: <p>Admin home</p> }],
  });
  return fetches;
}

describe('StyleFormPage', () => {
  afterEach(cleanup);

  it('shows every spec message at once and sends nothing', async () => {
    const { calls } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create Style' }));
    expect(await screen.findByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Description must be at least 5 characters')).toBeTruthy();
    expect(screen.getByText('Either a prompt or at least one LoRA model must be provided')).toBeTruthy();
    expect((screen.getByLabelText('Token Cost') as HTMLInputElement).value).toBe('50');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('calls a given but short prompt too short (docs/product/decisions.md §8)', async () => {
    const { calls } = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Short');
    await userEvent.type(screen.getByLabelText('Description'), 'A short one');
    await userEvent.type(screen.getByLabelText('Prompt'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create Style' }));
    expect(
      await screen.findByText('Prompt must be at least 5 characters (or add a LoRA model)'),
    ).toBeTruthy();
    expect(screen.queryByText('Either a prompt or at least one LoRA model must be provided')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('caps LoRA entries at two and posts weights as numbers', async () => {
    const { calls } = renderForm('/admin/preset-styles/create', {
      'POST /api/preset-styles': { status: 201, body: { id: 's9' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add LoRA Model (0/2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add LoRA Model (1/2)' }));
    expect((screen.getByRole('button', { name: 'Add LoRA Model (2/2)' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('Maximum of 2 LoRA models allowed per preset style.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove LoRA model 2' }));

    await userEvent.type(screen.getByLabelText('Name'), 'Neon');
    await userEvent.type(screen.getByLabelText('Description'), 'Bright neon lights');
    await userEvent.type(screen.getByLabelText('LoRA Model ID'), 'civitai:1@2');
    const weight = screen.getByLabelText('Weight');
    await userEvent.clear(weight);
    await userEvent.type(weight, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Style' }));
    await screen.findByText('Admin home');
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/preset-styles');
    expect(post?.body).toMatchObject({
      name: 'Neon',
      tokenCost: 50,
      loraModels: [{ id: 'civitai:1@2', weight: 0.5, triggerWord: '' }],
      loraModelId: 'civitai:1@2',
      loraWeight: 0.5,
      loraTriggerWord: '',
      isActive: true,
      isNSFW: false,
    });
  });

  it('refuses a LoRA id that is not an AIR identifier, and hints the real weight range', async () => {
    const { calls } = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Neon');
    await userEvent.type(screen.getByLabelText('Description'), 'Bright neon lights');
    await userEvent.click(screen.getByRole('button', { name: 'Add LoRA Model (0/2)' }));
    expect(screen.getByText('Usually 0.1-1.0; -4 to 4 allowed')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('LoRA Model ID'), 'my favourite lora');
    await userEvent.click(screen.getByRole('button', { name: 'Create Style' }));
    expect(
      await screen.findByText('LoRA Model ID must be an AIR identifier such as civitai:123456@789'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses an emptied Token Cost instead of saving 0', async () => {
    const { calls } = renderForm();
    await userEvent.type(screen.getByLabelText('Name'), 'Neon');
    await userEvent.type(screen.getByLabelText('Description'), 'Bright neon lights');
    await userEvent.type(screen.getByLabelText('Prompt'), 'neon lights everywhere');
    await userEvent.clear(screen.getByLabelText('Token Cost'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Style' }));
    expect(await screen.findByText('Token cost must be a number')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('loads a style for editing and deletes it after confirmation', async () => {
    const style = {
      id: 's1',
      name: 'Noir',
      description: 'Black and white film',
      prompt: 'film noir',
      negativePrompt: '',
      previewImageUrl: null,
      tokenCost: 30,
      isActive: false,
      isNSFW: true,
      loraModels: [],
      loraModelId: null,
      loraWeight: null,
      loraTriggerWord: null,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-01T00:00:00Z',
    };
    const { calls } = renderForm('/admin/preset-styles/edit/s1', {
      'GET /api/preset-styles/s1': { body: style },
      'DELETE /api/preset-styles/s1': { body: { success: true, message: 'Style deleted' } },
    });
    expect(screen.getByText('Loading style details...')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Noir'));
    expect(calls[0]?.path).toMatch(/showNsfw=true/);
    expect(screen.getByRole('switch', { name: 'Active' }).getAttribute('aria-checked')).toBe('false');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Style' }));
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(
      screen.getByText(
        'This action cannot be undone. This will permanently delete the preset style and remove it from our servers.',
      ),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Admin home');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/preset-styles/s1')).toBe(true);
  });
});
