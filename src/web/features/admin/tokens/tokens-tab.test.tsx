import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { TokensTab } from './tokens-tab';

const pkg = (id: string, name: string, isActive: boolean) => ({
  id: `${id}0000000-0000-4000-8000-000000000000`,
  name,
  tokenAmount: 1000,
  priceInCents: 800,
  isDiscounted: false,
  isActive,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

describe('TokensTab', () => {
  afterEach(cleanup);

  it('marks a deleted package inactive and lists it after the ones on sale', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
    mockFetch({
      'GET /api/admin/token-packages': { body: [pkg('a', 'Old deal', false), pkg('b', 'Starter', true)] },
    });
    renderWithProviders(<TokensTab />, { client, route: '/admin' });
    const old = (await screen.findByText('Old deal')).closest('tr')!;
    expect(within(old).getByText('Inactive')).toBeTruthy();
    const starter = screen.getByText('Starter').closest('tr')!;
    expect(within(starter).queryByText('Inactive')).toBeNull();
    const rows = screen.getAllByRole('row');
    expect(rows.indexOf(starter)).toBeLessThan(rows.indexOf(old));
  });
});
