import { describe, expect, it } from 'vitest';
import { decodeCursor, type Cursor } from './cursor';
import { readPage } from './paging';

const rows = Array.from({ length: 5 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  ts: `2026-11-24T10:00:0${9 - i}.000000Z`,
}));
// newest first, strictly after the cursor
const read = async (limit: number, cursor: Cursor | undefined) =>
  rows.filter((r) => !cursor || r.ts < cursor.ts).slice(0, limit);
const cursorOf = (r: (typeof rows)[number]) => ({ ts: r.ts, id: r.id });

describe('readPage', () => {
  it('pages through every row once and ends with no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof readPage<(typeof rows)[number]>>> = await readPage(read, {
        limit: 2,
        cursor,
        cursorOf,
      });
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it('gives no next cursor when the page is exactly the rest', async () => {
    const page = await readPage(read, { limit: 5, cursorOf });
    expect(page.items).toHaveLength(5);
    expect(page.nextCursor).toBeNull();
  });

  it('the next cursor names the last row of the page', async () => {
    const page = await readPage(read, { limit: 2, cursorOf });
    expect(decodeCursor(page.nextCursor)).toEqual({ ts: rows[1].ts, id: rows[1].id });
  });
});
