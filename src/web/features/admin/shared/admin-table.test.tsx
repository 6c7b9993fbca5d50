import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Td, Tr } from '@web/components/ui/table';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { AdminList, failureOf } from './admin-list';
import { cursorPaging } from './admin-queries';
import { AdminTable } from './admin-table';

type Page = { letters: string[]; nextCursor: string | null };

/** An admin list as the screens build it: an infinite query by cursor, shown by the kit. */
function Letters() {
  const q = useInfiniteQuery({
    queryKey: ['letters'],
    ...cursorPaging,
    queryFn: async ({ pageParam, signal }) => {
      const res = await fetch(`/api/letters${pageParam ? `?cursor=${pageParam}` : ''}`, { signal });
      if (!res.ok) throw new Error('read failed');
      return (await res.json()) as Page;
    },
  });
  return (
    <AdminTable
      filters={<input aria-label="Search letters" />}
      failure={failureOf(q, 'Failed to load letters')}
      columns={['Letter', { key: 'upper', header: 'Upper case', className: 'text-right' }]}
      rows={q.data?.pages.flatMap((p) => p.letters) ?? []}
      loading={q.isPending}
      empty="No letters."
      pages={q}
      caption="Letters"
      scrollLabel="Letters"
    >
      {(l) => (
        <Tr key={l}>
          <Td>{l}</Td>
          <Td>{l.toUpperCase()}</Td>
        </Tr>
      )}
    </AdminTable>
  );
}

const letterCalls = (calls: { path: string }[]) =>
  calls.map((c) => c.path).filter((p) => p.startsWith('/api/letters'));

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Letters' }))
    .getAllByRole('row')
    .slice(1);

describe('AdminTable', () => {
  afterEach(cleanup);

  it('shows placeholder rows, then the first page, and "Load more" fetches the next by its cursor', async () => {
    const { calls } = mockFetch({
      'GET /api/letters': ({ url }) =>
        url.searchParams.get('cursor') === 'c1'
          ? { body: { letters: ['c'], nextCursor: null } }
          : { body: { letters: ['a', 'b'], nextCursor: 'c1' } },
    });
    renderWithProviders(<Letters />);
    // the filters sit above the table, which scrolls in its own named box at 360 px
    expect(screen.getByRole('textbox', { name: 'Search letters' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Letters' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Letter', 'Upper case']);

    expect(await screen.findByText('B')).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBeNull();
    expect(bodyRows()).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('C')).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
    expect(letterCalls(calls)).toEqual(['/api/letters', '/api/letters?cursor=c1']);
    // the last page had no cursor: nothing more to load
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so in one row across every column when there is nothing', async () => {
    mockFetch({ 'GET /api/letters': { body: { letters: [], nextCursor: null } } });
    renderWithProviders(<Letters />);
    const cell = (await screen.findByText('No letters.')).closest('td')!;
    expect(cell.getAttribute('colspan')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('replaces the table with the failure and reads again on Retry', async () => {
    let fail = true;
    const { calls } = mockFetch({
      'GET /api/letters': () =>
        fail
          ? { status: 500, body: { error: 'Internal', message: 'Something went wrong', code: 'INTERNAL' } }
          : { body: { letters: ['z'], nextCursor: null } },
    });
    renderWithProviders(<Letters />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load letters')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    // the filters stay, so a bad filter can be changed
    expect(screen.getByRole('textbox', { name: 'Search letters' })).toBeTruthy();

    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Z')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(letterCalls(calls)).toHaveLength(2);
  });
});

describe('AdminList', () => {
  afterEach(cleanup);

  it('shows the placeholder, the empty state or the items, in that order of need', () => {
    const view = (props: { loading?: boolean; isEmpty?: boolean }) => (
      <AdminList {...props} skeleton={<p>placeholder</p>} empty={<p>nothing yet</p>}>
        <p>the items</p>
      </AdminList>
    );
    const { rerender } = renderWithProviders(view({ loading: true, isEmpty: true }));
    expect(screen.getByText('placeholder')).toBeTruthy();
    rerender(view({ isEmpty: true }));
    expect(screen.getByText('nothing yet')).toBeTruthy();
    expect(screen.queryByText('placeholder')).toBeNull();
    rerender(view({}));
    expect(screen.getByText('the items')).toBeTruthy();
    expect(screen.queryByText('nothing yet')).toBeNull();
  });
});
