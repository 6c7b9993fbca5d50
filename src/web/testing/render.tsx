import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '@web/lib/query-client';
import { ThemeProvider } from '@web/lib/theme/theme-provider';

/** The app's own client (its defaults and its error policy), fresh for each test. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient();
}

/** Shows the current location so tests can assert on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</div>;
}

type Options = {
  route?: string;
  /** Extra routes rendered next to the one under test (e.g. redirect targets). */
  routes?: { path: string; element: ReactNode }[];
  path?: string;
  client?: QueryClient;
};

export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const client = options.client ?? createTestQueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <Routes>
            <Route path={options.path ?? '*'} element={ui} />
            {(options.routes ?? []).map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

type Handler = (request: {
  method: string;
  url: URL;
  body: unknown;
}) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

export type FetchCall = { method: string; path: string; body: unknown };

/**
 * Replaces global fetch with a tiny router. Unknown requests answer 404 like the server would;
 * every call is recorded for assertions.
 */
type Answer = Handler | { status?: number; body?: unknown; headers?: Record<string, string> };

export function mockFetch(overrides: Record<string, Answer>) {
  const handlers: Record<string, Answer> = {
    'GET /api/theme': {
      body: {
        success: true,
        theme: { primary: '#00beab', appearance: 'light', variant: 'professional', radius: 0.75 },
      },
    },
    ...overrides,
  };
  const calls: FetchCall[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: `${url.pathname}${url.search}`, body });
    const handler = handlers[`${method} ${url.pathname}`] ?? handlers[url.pathname];
    const answer = typeof handler === 'function' ? handler({ method, url, body }) : handler;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload =
      answer?.body ?? (answer ? {} : { error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
    return new Response(JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer?.headers },
    });
  };
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls };
}
