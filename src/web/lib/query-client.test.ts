import { describe, expect, it } from 'vitest';
import { createTestQueryClient, mockFetch } from '@web/testing/render';
import { prefetchForVisit, refetchOnVisit } from './query-client';

describe('refetchOnVisit', () => {
  it('skips the mount read only once, for the query the router has just read', async () => {
    const { calls } = mockFetch({ 'GET /api/models': { body: [] } });
    const client = createTestQueryClient();
    await prefetchForVisit(client, ['/api/models']);
    expect(calls.filter((c) => c.path === '/api/models')).toHaveLength(1);
    const query = client.getQueryCache().find({ queryKey: ['/api/models'] })!;
    expect(refetchOnVisit(query)).toBe(false);
    // the next visit reads again
    expect(refetchOnVisit(query)).toBe('always');

    // a list cached some other way (an earlier page) is read again on the visit
    client.setQueryData(['/api/preset-styles'], []);
    expect(refetchOnVisit(client.getQueryCache().find({ queryKey: ['/api/preset-styles'] })!)).toBe('always');
  });
});
