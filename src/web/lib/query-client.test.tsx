import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { resetToasts, useToast } from '@web/components/ui/use-toast';
import { GENERIC_ERROR_TEXT } from '@shared/error-texts';
import { createTestQueryClient, mockFetch } from '@web/testing/render';
import { apiFetch } from './api';
import { prefetchForVisit, refetchOnVisit, USER_QUERY_KEY } from './query-client';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetToasts();
});

/** The toasts on the screen, newest first, as title and text. */
function toasts() {
  let seen: { title: unknown; description: unknown; variant: unknown }[] = [];
  function Probe() {
    seen = useToast().toasts.map(({ title, description, variant }) => ({ title, description, variant }));
    return null;
  }
  render(<Probe />).unmount();
  return seen;
}

const post = (path: string) => () => apiFetch(path, { method: 'POST', json: {} });

describe('the error policy', () => {
  it("says a failed mutation once, in the server's words, titled as the screen asks", async () => {
    mockFetch({
      'POST /api/thing': { status: 409, body: { error: 'That name is taken', code: 'CONFLICT' } },
    });
    const client = createTestQueryClient();
    const mutation = client.getMutationCache().build(client, { mutationFn: post('/api/thing') });
    await expect(mutation.execute(undefined)).rejects.toThrow('That name is taken');
    expect(toasts()).toEqual([{ title: 'Error', description: 'That name is taken', variant: 'destructive' }]);

    const titled = client.getMutationCache().build(client, {
      mutationFn: post('/api/thing'),
      meta: { errorTitle: 'Update failed' },
    });
    await expect(titled.execute(undefined)).rejects.toThrow();
    expect(toasts()[0]).toEqual({
      title: 'Update failed',
      description: 'That name is taken',
      variant: 'destructive',
    });
    expect(toasts()).toHaveLength(2);
  });

  it("says a network failure or a proxy's error page in the screen's fallback, else one generic sentence", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const client = createTestQueryClient();
    const plain = client.getMutationCache().build(client, { mutationFn: post('/api/thing') });
    await expect(plain.execute(undefined)).rejects.toThrow();
    expect(toasts()[0]?.description).toBe(GENERIC_ERROR_TEXT);

    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const withFallback = client.getMutationCache().build(client, {
      mutationFn: post('/api/thing'),
      meta: { errorTitle: 'Login failed', errorFallback: 'Please check your credentials and try again.' },
    });
    await expect(withFallback.execute(undefined)).rejects.toThrow();
    expect(toasts()[0]).toMatchObject({
      title: 'Login failed',
      description: 'Please check your credentials and try again.',
    });
  });

  it('puts the spec\'s "Failed to …: " before the words, the fallback included', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const client = createTestQueryClient();
    const note = client.getMutationCache().build(client, {
      mutationFn: post('/api/note'),
      meta: { errorPrefix: 'Failed to add note: ', errorFallback: 'Unknown error' },
    });
    await expect(note.execute(undefined)).rejects.toThrow();
    expect(toasts()).toEqual([
      { title: 'Error', description: 'Failed to add note: Unknown error', variant: 'destructive' },
    ]);
  });

  it('stays quiet where the screen says the failure itself', async () => {
    mockFetch({ 'POST /api/thing': { status: 500, body: { error: 'Something broke', code: 'INTERNAL' } } });
    const client = createTestQueryClient();
    const own = client.getMutationCache().build(client, {
      mutationFn: post('/api/thing'),
      meta: { errorToast: false },
    });
    await expect(own.execute(undefined)).rejects.toThrow('Something broke');
    expect(toasts()).toEqual([]);
  });

  it("leaves a 400's fields to a form that shows them, and toasts its other failures", async () => {
    let answer = {
      status: 400,
      body: { error: 'Name is required', code: 'VALIDATION_ERROR', fields: { name: 'Name is required' } },
    };
    mockFetch({ 'POST /api/form': () => answer });
    const client = createTestQueryClient();
    const submit = () =>
      client
        .getMutationCache()
        .build(client, { mutationFn: post('/api/form'), meta: { errorToast: 'unless-fields' } })
        .execute(undefined);
    await expect(submit()).rejects.toThrow('Name is required');
    expect(toasts()).toEqual([]);

    answer = {
      status: 403,
      body: { error: 'You do not have permission to do that', code: 'FORBIDDEN' },
    } as never;
    await expect(submit()).rejects.toThrow();
    expect(toasts().map((t) => t.description)).toEqual(['You do not have permission to do that']);
  });

  it('tells a failed background read of data on the screen once per outage, not a first read', async () => {
    let failing = true;
    mockFetch({
      'GET /api/list': () =>
        failing ? { status: 503, body: { error: 'Unavailable', code: 'INTERNAL' } } : { body: [1] },
    });
    const client = createTestQueryClient();
    // a first read that fails is the page's own error state
    await client.prefetchQuery({ queryKey: ['/api/list'] });
    expect(client.getQueryState(['/api/list'])?.status).toBe('error');
    expect(toasts()).toEqual([]);

    failing = false;
    await client.refetchQueries({ queryKey: ['/api/list'] });
    failing = true;
    await client.refetchQueries({ queryKey: ['/api/list'] });
    await client.refetchQueries({ queryKey: ['/api/list'] });
    expect(toasts()).toEqual([
      { title: 'Refresh failed', description: 'Unavailable', variant: 'destructive' },
    ]);
    expect(client.getQueryData(['/api/list'])).toEqual([1]);

    // once it reads again, the next outage is told again
    failing = false;
    await client.refetchQueries({ queryKey: ['/api/list'] });
    failing = true;
    await client.refetchQueries({ queryKey: ['/api/list'] });
    expect(toasts()).toHaveLength(2);
  });

  it('does not toast a read that failed because the session ended, and marks the session stale', async () => {
    mockFetch({
      'GET /api/list': { status: 401, body: { error: 'Authentication required', code: 'UNAUTHORIZED' } },
    });
    const client = createTestQueryClient();
    client.setQueryData(['/api/list'], [1]);
    client.setQueryData(USER_QUERY_KEY, { user: { id: 'u1' } });
    await client.refetchQueries({ queryKey: ['/api/list'] });
    // the route guard reads the session again and sends the person to /login
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(toasts()).toEqual([]);
  });
});

describe('refetchOnVisit', () => {
  it('skips the mount read for the query the router has just read, however often it is asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const { calls } = mockFetch({ 'GET /api/models': { body: [] } });
    const client = createTestQueryClient();
    await prefetchForVisit(client, ['/api/models']);
    expect(calls.filter((c) => c.path === '/api/models')).toHaveLength(1);
    const query = client.getQueryCache().find({ queryKey: ['/api/models'] })!;
    expect(refetchOnVisit(query)).toBe(false);
    expect(refetchOnVisit(query)).toBe(false);
    // a later visit the router did not read for reads again
    vi.setSystemTime(Date.now() + 2500);
    expect(refetchOnVisit(query)).toBe('always');

    // a list cached some other way (an earlier page) is read again on the visit
    client.setQueryData(['/api/preset-styles'], []);
    expect(refetchOnVisit(client.getQueryCache().find({ queryKey: ['/api/preset-styles'] })!)).toBe('always');
  });

  it("sends one request when a page mounts on the router's read (React Query asks more than once)", async () => {
    const { calls } = mockFetch({ 'GET /api/models': { body: [{ id: 'm1' }] } });
    const client = createTestQueryClient();
    await prefetchForVisit(client, ['/api/models']);
    function Page() {
      const { data } = useQuery<{ id: string }[]>({
        queryKey: ['/api/models'],
        refetchOnMount: refetchOnVisit,
      });
      return <p>{data?.length ?? 0} models</p>;
    }
    const view = render(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    await view.findByText('1 models');
    // the mount's effects run and React's queue drained: a refetch on mount would have begun by now
    await act(async () => {});
    expect(client.isFetching()).toBe(0);
    expect(calls.filter((c) => c.path === '/api/models')).toHaveLength(1);
  });
});
