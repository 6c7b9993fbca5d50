import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resetToasts } from '@web/components/ui/use-toast';
import { ProfileTab } from './profile-tab';
import { SessionsCard } from './sessions-card';

describe('ProfileTab (e-mail change)', () => {
  beforeEach(resetToasts);
  afterEach(cleanup);

  it('asks for the current password only when the email changes, and sends it', async () => {
    const { calls } = mockFetch({
      'PATCH /api/user/profile': { body: { success: true, user: makeUser({ email: 'new@example.com' }) } },
      'GET /api/auth/user': { body: { user: makeUser({ email: 'new@example.com' }) } },
    });
    renderWithProviders(<ProfileTab user={makeUser()} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    const password = await screen.findByLabelText('Current password');

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/user/profile')).toBe(false);

    await userEvent.type(password, 'Harbor-Lamp-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/user/profile')?.body).toMatchObject({
        email: 'new@example.com',
        currentPassword: 'Harbor-Lamp-42',
      }),
    );
  });

  it('follows the session when it changes, and keeps what is typed when it does not', async () => {
    mockFetch({});
    function Session() {
      const [user, setUser] = useState(makeUser({ username: 'before_name' }));
      return (
        <>
          <button type="button" onClick={() => setUser((u) => ({ ...u }))}>
            Same session
          </button>
          <button type="button" onClick={() => setUser(makeUser({ username: 'after_name' }))}>
            Saved elsewhere
          </button>
          <ProfileTab user={user} />
        </>
      );
    }
    renderWithProviders(<Session />);
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.value).toBe('before_name');
    await userEvent.clear(username);
    await userEvent.type(username, 'typed_name');
    await userEvent.click(screen.getByRole('button', { name: 'Same session' }));
    expect(username.value).toBe('typed_name');
    await userEvent.click(screen.getByRole('button', { name: 'Saved elsewhere' }));
    await waitFor(() => expect(username.value).toBe('after_name'));
  });

  it('shows the server refusing a wrong password on the field and saves a rename without one', async () => {
    const { calls } = mockFetch({
      'PATCH /api/user/profile': ({ body }) =>
        (body as { currentPassword?: string }).currentPassword
          ? {
              status: 400,
              body: {
                error: 'Current password is incorrect',
                message: 'Current password is incorrect',
                code: 'INVALID_PASSWORD',
                fields: { currentPassword: 'Current password is incorrect' },
              },
            }
          : { body: { success: true, user: makeUser() } },
    });
    renderWithProviders(<ProfileTab user={makeUser()} />);
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'other@example.com');
    await userEvent.type(await screen.findByLabelText('Current password'), 'Wrong1234');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      (await screen.findAllByText('Current password is incorrect')).some((n) => n.id.endsWith('-error')),
    ).toBe(true);

    await userEvent.clear(email);
    await userEvent.type(email, makeUser().email);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'renamed_user');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/user/profile').at(-1)?.body).toEqual({
        username: 'renamed_user',
        email: makeUser().email,
      }),
    );
  });
});

describe('SessionsCard', () => {
  beforeEach(resetToasts);
  afterEach(cleanup);

  const SESSIONS = [
    {
      id: 'a'.repeat(32),
      device: 'Chrome on Windows',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastSeenAt: '2026-11-24T09:00:00.000Z',
      current: true,
    },
    {
      id: 'b'.repeat(32),
      device: 'Safari on iOS',
      createdAt: '2026-11-10T10:00:00.000Z',
      lastSeenAt: '2026-11-20T09:00:00.000Z',
      current: false,
    },
  ];

  it('turns "Sign out everywhere else" off, and says why, when no other device is signed in', async () => {
    mockFetch({ 'GET /api/auth/sessions': { body: { sessions: SESSIONS.slice(0, 1) } } });
    renderWithProviders(<SessionsCard />);
    await screen.findAllByTestId('session-row');
    const button = screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('No other device is signed in.').id).toBe(
      button.getAttribute('aria-describedby'),
    );
  });

  it('lists sessions, marks this device, and signs out one or all others', async () => {
    const { calls } = mockFetch({
      'GET /api/auth/sessions': { body: { sessions: SESSIONS } },
      'POST /api/auth/sessions/revoke': { body: { success: true } },
      'POST /api/auth/sessions/revoke-all': { body: { success: true } },
    });
    renderWithProviders(<SessionsCard />);
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('This device')).toBeTruthy();
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[1].textContent).toContain('Safari on iOS');

    await userEvent.click(within(rows[1]).getByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/auth/sessions/revoke')?.body).toEqual({ id: 'b'.repeat(32) }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/sessions/revoke-all')).toBe(true));
    // the list is read again after each sign-out
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/auth/sessions').length).toBeGreaterThanOrEqual(3),
    );
  });
});
