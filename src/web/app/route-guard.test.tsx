import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { RouteGuard } from './route-guard';

const baseUser = makeUser({ tokenBalance: 10 });

const targets = [
  { path: '/login', element: <p>Login page</p> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
];

describe('RouteGuard', () => {
  afterEach(cleanup);

  it('sends a visitor on a protected route to /login, rendering nothing of the page', async () => {
    mockFetch({
      'GET /api/auth/user': {
        status: 401,
        body: { error: 'Not signed in', message: 'Not signed in', code: 'UNAUTHORIZED' },
      },
    });
    renderWithProviders(
      <RouteGuard guard="user">
        <p>Secret</p>
      </RouteGuard>,
      { route: '/settings', path: '/settings', routes: targets },
    );
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(screen.queryByText('Secret')).toBeNull();
  });

  it('sends a non-admin on an admin route to /dashboard', async () => {
    mockFetch({ 'GET /api/auth/user': { body: { user: baseUser } } });
    renderWithProviders(
      <RouteGuard guard="admin">
        <p>Admin only</p>
      </RouteGuard>,
      { route: '/admin', path: '/admin', routes: targets },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
    expect(screen.queryByText('Admin only')).toBeNull();
  });

  it('lets an admin with a second factor in', async () => {
    mockFetch({
      'GET /api/auth/user': { body: { user: { ...baseUser, isAdmin: true, twoFactorEnabled: true } } },
    });
    renderWithProviders(
      <RouteGuard guard="admin">
        <p>Admin only</p>
      </RouteGuard>,
      { route: '/admin', path: '/admin', routes: targets },
    );
    expect(await screen.findByText('Admin only')).toBeTruthy();
  });

  it('sends an admin with no second factor to enrol when ADMIN_2FA is required, and lets them in when optional', async () => {
    const admin = { ...baseUser, isAdmin: true, twoFactorEnabled: false };
    const routes = [...targets, { path: '/settings', element: <p>Settings page</p> }];
    mockFetch({
      'GET /api/auth/user': { body: { user: admin } },
      'GET /api/config': { body: { admin2fa: 'required' } },
    });
    renderWithProviders(
      <RouteGuard guard="admin">
        <p>Admin only</p>
      </RouteGuard>,
      { route: '/admin', path: '/admin', routes },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings?tab=security'));
    expect(screen.queryByText('Admin only')).toBeNull();
    cleanup();

    mockFetch({
      'GET /api/auth/user': { body: { user: admin } },
      'GET /api/config': { body: { admin2fa: 'optional' } },
    });
    renderWithProviders(
      <RouteGuard guard="admin">
        <p>Admin only</p>
      </RouteGuard>,
      { route: '/admin', path: '/admin', routes },
    );
    expect(await screen.findByText('Admin only')).toBeTruthy();
  });

  it('gates the admin panel for an admin with no second factor, and shows it to a non-admin (who is refused by the page)', async () => {
    const routes = [...targets, { path: '/settings', element: <p>Settings page</p> }];
    mockFetch({
      'GET /api/auth/user': { body: { user: { ...baseUser, isAdmin: true, twoFactorEnabled: false } } },
      'GET /api/config': { body: { admin2fa: 'required' } },
    });
    renderWithProviders(
      <RouteGuard guard="admin-panel">
        <p>Admin panel</p>
      </RouteGuard>,
      { route: '/admin', path: '/admin', routes },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/settings?tab=security'));
    expect(screen.queryByText('Admin panel')).toBeNull();
    cleanup();

    mockFetch({ 'GET /api/auth/user': { body: { user: baseUser } } });
    renderWithProviders(
      <RouteGuard guard="admin-panel">
        <p>Admin panel</p>
      </RouteGuard>,
      { route: '/admin', path: '/admin', routes },
    );
    expect(await screen.findByText('Admin panel')).toBeTruthy();
  });

  it('sends a signed-in person away from guest pages to /dashboard', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: baseUser });
    mockFetch({});
    renderWithProviders(
      <RouteGuard guard="guest">
        <p>Login form</p>
      </RouteGuard>,
      { route: '/login', path: '/login', routes: targets.slice(1), client },
    );
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });
});
