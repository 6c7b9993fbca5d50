import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createTestQueryClient, mockFetch } from '@web/testing/render';
import { prefetchForVisit, refetchOnVisit } from './query-client';

afterEach(() => {
  vi.useRealTimers();
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
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.path === '/api/models')).toHaveLength(1);
  });
});
