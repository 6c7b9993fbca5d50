import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/admin/models', () => {
  it('answers a list, newest first, paged through X-Next-Cursor without losing ties', async () => {
    const c = h.client();
    const owner = await c.register('pages_owner');
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/models', { name: `Paged ${i}` })).statusCode).toBe(201);
    // three models with one identical timestamp: the cursor must page through ties
    await h.deps.db.execute(
      sql`update models set created_at = (select max(created_at) from models where user_id = ${owner.id}) where user_id = ${owner.id} and name in ('Paged 1', 'Paged 2', 'Paged 3')`,
    );
    const admin = await h.admin();
    const all = await admin.get('/api/admin/models?search=pages_owner');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(5);
    expect(all.headers['x-next-cursor']).toBeUndefined();

    const paged: { id: string; userUsername: string }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await admin.get(
        `/api/admin/models?search=pages_owner&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode).toBe(200);
      paged.push(...res.json());
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(paged.map((m) => m.id)).toEqual(all.json().map((m: { id: string }) => m.id));
    expect(new Set(paged.map((m) => m.userUsername))).toEqual(new Set(['pages_owner']));

    expect((await admin.get('/api/admin/models?cursor=nonsense')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/models?limit=0')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/models?limit=501')).statusCode).toBe(400);
    expect((await c.get('/api/admin/models')).statusCode).toBe(403);
  });
});
