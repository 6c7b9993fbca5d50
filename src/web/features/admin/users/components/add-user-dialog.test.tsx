import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_INVALID, PASSWORD_MIN_8, USERNAME_MIN } from '@shared/schemas/auth';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resetToasts } from '@web/components/ui/use-toast';
import { AddUserDialog } from './add-user-dialog';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

function renderDialog() {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
  const fetches = mockFetch({
    'POST /api/admin/users': { status: 201, body: { user: makeUser({ username: 'newbie' }) } },
  });
  renderWithProviders(<AddUserDialog />, { client, route: '/admin' });
  return fetches;
}

describe('AddUserDialog', () => {
  afterEach(() => {
    cleanup();
    resetToasts();
  });

  it("shows the shared schema's messages, then sends a non-numeric balance as 0", async () => {
    const { calls } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(USERNAME_MIN)).toBeTruthy();
    expect(screen.getByText(EMAIL_INVALID)).toBeTruthy();
    expect(screen.getByText(PASSWORD_MIN_8)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'newbie');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'newbie@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Quiet-Otter-9');
    await userEvent.clear(screen.getByLabelText('Token Balance'));
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    // created: the dialog closes
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/users');
    expect(post?.body).toEqual({
      username: 'newbie',
      email: 'newbie@example.com',
      password: 'Quiet-Otter-9',
      tokenBalance: 0,
      isAdmin: false,
    });
  });
});
