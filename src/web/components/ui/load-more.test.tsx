import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadMore, type Pages } from './load-more';

afterEach(cleanup);

const pages = (over: Partial<Pages> = {}): Pages => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  fetchNextPage: vi.fn(async () => {}),
  ...over,
});

describe('LoadMore', () => {
  it('asks for the next page, and is gone when there is none', async () => {
    const list = pages();
    const { rerender } = render(<LoadMore pages={list} label="Load older transactions" />);
    await userEvent.click(screen.getByRole('button', { name: 'Load older transactions' }));
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore pages={pages({ hasNextPage: false })} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a failed page failed, until the next request is on its way', async () => {
    const list = pages({ isFetchNextPageError: true });
    const { rerender } = render(<LoadMore pages={list} />);
    expect(screen.getByRole('alert').textContent).toBe('Could not load more. Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.fetchNextPage).toHaveBeenCalledTimes(1);
    rerender(<LoadMore pages={{ ...list, isFetchingNextPage: true }} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('while a page loads: the busy label if given, else the spinner of the button; disabled either way', () => {
    const { rerender } = render(
      <LoadMore pages={pages({ isFetchingNextPage: true })} busyLabel="Loading…" />,
    );
    expect((screen.getByRole('button', { name: 'Loading…' }) as HTMLButtonElement).disabled).toBe(true);
    rerender(<LoadMore pages={pages({ isFetchingNextPage: true })} />);
    expect((screen.getByRole('button', { name: /Load more/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
