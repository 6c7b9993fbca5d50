import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createTestQueryClient, mockFetch } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { shimRadixForJsdom } from '@web/testing/radix-jsdom';
import { ThemeProvider } from '@web/lib/theme/theme-provider';
import { USER_QUERY_KEY } from '@web/lib/session';
import { AppRoutes, preloadRoute } from './router';
import type { AppRoute } from './routes';

const unauthorised = {
  status: 401,
  body: { error: 'Not signed in', message: 'Not signed in', code: 'UNAUTHORIZED' },
};

function renderApp(path: string, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetches = mockFetch({
    'GET /api/auth/user': unauthorised,
    'GET /api/config': { body: { engines: {} } },
    ...handlers,
  });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return fetches;
}

describe('app routes', () => {
  afterEach(cleanup);

  it('shows the 404 page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText("The page you're looking for doesn't exist or has been moved.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    // Visitors get Log in / Sign up in the top bar.
    const header = await screen.findByRole('banner', undefined, { timeout: 5000 });
    expect(await within(header).findByRole('link', { name: 'Log in' }, { timeout: 5000 })).toBeTruthy();
    expect(await within(header).findByRole('link', { name: 'Sign up' }, { timeout: 5000 })).toBeTruthy();
  });

  it('keeps the token balance in the top bar on phones, linking to Top up', async () => {
    renderApp('/no/such/page', {
      'GET /api/auth/user': { body: { user: makeUser({ tokenBalance: 1234 }) } },
    });
    const header = await screen.findByRole('banner', undefined, { timeout: 5000 });
    const compact = await within(header).findByRole(
      'link',
      { name: 'Token balance: 1,234 tokens. Top up' },
      { timeout: 5000 },
    );
    expect(compact.getAttribute('href')).toBe('/tokens/purchase');
    expect(compact.textContent).toContain('1,234');
    // the desktop balance names itself with hidden text (aria-label is not allowed on a plain span)
    const full = within(header).getByTestId('token-balance');
    expect(full.getAttribute('aria-label')).toBeNull();
    expect(full.textContent).toBe('Token balance: 1,234 tokens');
  });

  it('opens the user menu with Enter, its first item focused', async () => {
    shimRadixForJsdom();
    renderApp('/no/such/page', { 'GET /api/auth/user': { body: { user: makeUser({ username: 'ada' }) } } });
    const trigger = await screen.findByRole('button', { name: /^User menu for/ }, { timeout: 5000 });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', undefined, { timeout: 5000 });
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(within(menu).getByRole('menuitemradio', { name: 'System' })).toBeTruthy();
  });

  it('renders the landing page with How It Works and keeps ?ref for sign-up', async () => {
    localStorage.clear();
    renderApp('/?ref=PAL7');
    expect(await screen.findByRole('heading', { name: 'How It Works' }, { timeout: 5000 })).toBeTruthy();
    expect(document.getElementById('how-it-works')).toBeTruthy();
    for (const step of ['Upload Photos', 'Train Your Model', 'Generate Images']) {
      expect(screen.getByRole('heading', { name: step })).toBeTruthy();
    }
    expect(screen.getByText(/50 free tokens/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    // kept by a passive effect, which may run after the commit that showed the heading
    await waitFor(() => expect(localStorage.getItem('referralCode')).toBe('PAL7'));
    expect(screen.getAllByRole('link', { name: 'Sign up' })[0].getAttribute('href')).toBe(
      '/register?ref=PAL7',
    );
  });

  it('shows the Dashboard button on the landing page for a signed-in person', async () => {
    renderApp('/', { 'GET /api/auth/user': { body: { user: makeUser() } } });
    const header = await screen.findByRole('banner', {}, { timeout: 5000 });
    expect(await within(header).findByRole('link', { name: 'Dashboard' }, { timeout: 5000 })).toBeTruthy();
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('sends a visitor from a protected page to /login', async () => {
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});

describe('AppRoutes matching', () => {
  afterEach(cleanup);

  const named = (name: string) => async () => () => <h1>{name}</h1>;
  const routes: AppRoute[] = [
    { path: '/models/:id', guard: 'public', layout: 'bare', lazy: named('details') },
    { path: '/models/create', guard: 'public', layout: 'bare', lazy: named('create') },
    { path: '/terms', guard: 'public', layout: 'bare', lazy: named('terms') },
  ];

  function renderAt(path: string) {
    mockFetch({ 'GET /api/auth/user': unauthorised, 'GET /api/config': { body: { engines: {} } } });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <ThemeProvider>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes routes={routes} />
          </MemoryRouter>
        </ThemeProvider>
      </QueryClientProvider>,
    );
  }

  it('picks the static path over the one with a parameter, whatever their order', async () => {
    renderAt('/models/create');
    expect(await screen.findByRole('heading', { name: 'create' }, { timeout: 5000 })).toBeTruthy();
  });

  it('matches a path in any case and with a trailing slash, as the router does', async () => {
    renderAt('/TERMS/');
    expect(await screen.findByRole('heading', { name: 'terms' }, { timeout: 5000 })).toBeTruthy();
  });

  it('matches a path with escapes as the router decodes it', async () => {
    renderAt('/t%65rms');
    expect(await screen.findByRole('heading', { name: 'terms' }, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the 404 page when nothing matches', async () => {
    renderAt('/models/a/b');
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});

describe('preloadRoute', () => {
  function routesWithSpies() {
    const loads: string[] = [];
    const prefetches: string[] = [];
    const page = (name: string) => async () => {
      loads.push(name);
      return () => null;
    };
    const routes: AppRoute[] = [
      { path: '/models/create', guard: 'user', lazy: page('create') },
      { path: '/models/:id', guard: 'user', lazy: page('details') },
      {
        path: '/dashboard',
        guard: 'user',
        lazy: page('dashboard'),
        prefetch: async (_client, user) => void prefetches.push(`dashboard for ${user.username}`),
      },
    ];
    return { routes, loads, prefetches };
  }

  it('starts the page download at once and its reads when the session names a user', async () => {
    const { routes, loads, prefetches } = routesWithSpies();
    const client = createTestQueryClient();
    preloadRoute('/dashboard', routes, client);
    expect(loads).toEqual(['dashboard']);
    expect(prefetches).toEqual([]);
    client.setQueryData(USER_QUERY_KEY, { user: makeUser({ username: 'ada' }) });
    expect(prefetches).toEqual(['dashboard for ada']);

    // a static path wins over one with a parameter
    preloadRoute('/models/create', routes, client);
    expect(loads).toEqual(['dashboard', 'create']);
  });

  it('never starts a page’s reads for a visitor', () => {
    const { routes, prefetches } = routesWithSpies();
    const client = createTestQueryClient();
    preloadRoute('/dashboard', routes, client);
    client.setQueryData(USER_QUERY_KEY, null);
    client.setQueryData(USER_QUERY_KEY, { user: makeUser() });
    expect(prefetches).toEqual([]);
  });
});
