import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { CreateModelPage } from './create-model-page';

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('CreateModelPage', () => {
  beforeAll(() => {
    // jsdom has no object URLs (the picker's previews)
    URL.createObjectURL ??= vi.fn(() => 'blob:preview');
    URL.revokeObjectURL ??= vi.fn();
  });
  afterEach(cleanup);

  it('keeps the selection and explains inline when a photo is refused, deleting the empty model', async () => {
    const { calls } = mockFetch({
      'POST /api/models': { status: 201, body: { id: 'm1', name: 'Portraits' } },
      'POST /api/models/m1/images': {
        status: 415,
        body: {
          error: 'notes.jpg is not a supported image. Please upload PNG, JPG, or WebP files.',
          code: 'UNSUPPORTED_IMAGE',
        },
      },
      'DELETE /api/models/m1': { body: { success: true } },
    });
    renderWithProviders(<CreateModelPage />, { route: '/models/create' });
    await userEvent.type(screen.getByLabelText('Model Name'), 'Portraits');
    await userEvent.click(screen.getByRole('checkbox', { name: /These are photos of me/ }));
    await userEvent.upload(screen.getByTestId('image-input'), [photo('a.jpg'), photo('notes.jpg')]);
    await userEvent.click(screen.getByRole('button', { name: 'Create Model' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('no model was created');
    expect(alert.textContent).toContain('notes.jpg is not a supported image');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/models/m1')).toBe(true);
    // still on the form, with both photos still selected
    expect(screen.getByTestId('location').textContent).toBe('/models/create');
    expect(screen.getByRole('button', { name: 'Remove a.jpg' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove notes.jpg' })).toBeTruthy();
  });

  it('shows the spec message on a short name and moves focus to the field, creating nothing', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<CreateModelPage />, { route: '/models/create' });
    const name = screen.getByLabelText('Model Name');
    await userEvent.type(name, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Create Model' }));
    expect(screen.getByText('Model name must be at least 3 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says why an over-long description is refused', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<CreateModelPage />, { route: '/models/create' });
    await userEvent.type(screen.getByLabelText('Model Name'), 'Portraits');
    const description = screen.getByLabelText('Description (optional)');
    await userEvent.click(description);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Create Model' }));
    expect(screen.getByText('Description must be at most 1000 characters')).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(description);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the subject attestation with the new model once the box is ticked', async () => {
    const { calls } = mockFetch({
      'POST /api/models': { status: 201, body: { id: 'm9', name: 'Portraits' } },
    });
    renderWithProviders(<CreateModelPage />, { route: '/models/create' });
    await userEvent.type(screen.getByLabelText('Model Name'), 'Portraits');
    expect((screen.getByTestId('image-input') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /These are photos of me/ }));
    expect((screen.getByTestId('image-input') as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Create Model' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Portraits',
      subjectConsent: true,
    });
  });
});
