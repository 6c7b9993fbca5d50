import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resetToasts, useToast } from '@web/components/ui/use-toast';
import { PackageDialog } from './package-dialog';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function Toasts() {
  const { toasts } = useToast();
  return (
    <ul data-testid="toasts">
      {toasts.map((t) => (
        <li key={t.id}>
          {t.title} - {t.description}
        </li>
      ))}
    </ul>
  );
}

function renderDialog(answer: { status?: number; body?: unknown }) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
  const onOpenChange = vi.fn();
  const fetches = mockFetch({ 'POST /api/admin/token-packages': answer });
  renderWithProviders(
    <>
      <PackageDialog pkg={null} open onOpenChange={onOpenChange} />
      <Toasts />
    </>,
    { client, route: '/admin' },
  );
  return { ...fetches, onOpenChange };
}

describe('PackageDialog (create)', () => {
  afterEach(() => {
    cleanup();
    resetToasts();
  });

  it("shows the spec's three messages, then sends the price in cents, rounded", async () => {
    const { calls, onOpenChange } = renderDialog({ status: 201, body: { success: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    expect(screen.getByText('Package name is required')).toBeTruthy();
    expect(screen.getByText('Token amount must be greater than zero')).toBeTruthy();
    expect(screen.getByText('Price must be greater than zero')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText('Name'), 'Mega');
    await userEvent.type(screen.getByLabelText('Tokens'), '5000');
    await userEvent.type(screen.getByLabelText('Price ($)'), '29.995');
    await userEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/token-packages');
    expect(post?.body).toEqual({ name: 'Mega', tokenAmount: 5000, priceInCents: 3000, isDiscounted: false });
  });

  it('names a failed creation as such', async () => {
    renderDialog({
      status: 409,
      body: {
        error: 'A package with this name exists',
        message: 'A package with this name exists',
        code: 'CONFLICT',
      },
    });
    await userEvent.type(screen.getByLabelText('Name'), 'Mega');
    await userEvent.type(screen.getByLabelText('Tokens'), '5000');
    await userEvent.type(screen.getByLabelText('Price ($)'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Create Package' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('toasts').textContent).toContain(
        'Error creating package - A package with this name exists',
      ),
    );
  });
});
