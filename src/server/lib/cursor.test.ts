import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index';
import { createHarness, type Harness } from '../test/harness';
import { decodeCursor, encodeCursor } from './cursor';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({}, { startQueue: false });
});
afterAll(async () => {
  await h?.close();
});

describe('keyset cursors', () => {
  it('pages through rows that share one timestamp without gaps or repeats', async () => {
    // one statement: every row gets the same now(), to the microsecond
    await h.deps.db.insert(mailOutbox).values(
      Array.from({ length: 7 }, (_, i) => ({
        to: `p${i}@example.com`,
        subject: `s${i}`,
        text: 't',
        html: 'h',
      })),
    );
    const admin = await h.admin();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin.get(`/api/admin/outbox?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((m: { id: string }) => m.id));
      cursor = (res.headers['x-next-cursor'] as string | undefined) ?? null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const total = (await h.deps.db.select().from(mailOutbox)).length;
    expect(seen.length).toBe(total);
  });

  it('refuses forged or malformed cursors with 400', async () => {
    expect(() => decodeCursor('not-base64-$$')).toThrow();
    expect(() => decodeCursor(Buffer.from('2026-01-01|nope').toString('base64url'))).toThrow();
    const ok = encodeCursor('2026-01-01T00:00:00.123456Z', '00000000-0000-4000-8000-000000000000');
    expect(decodeCursor(ok)).toEqual({
      ts: '2026-01-01T00:00:00.123456Z',
      id: '00000000-0000-4000-8000-000000000000',
    });
    // shaped right but no time PostgreSQL takes (issue 13, point 4): Feb 30, year 0000, 25 o'clock
    const id = '00000000-0000-4000-8000-000000000000';
    for (const ts of [
      '2026-02-30T00:00:00.000000Z',
      '0000-01-01T00:00:00.000000Z',
      '2026-01-01T25:00:00.000000Z',
    ])
      expect(() => decodeCursor(encodeCursor(ts, id)), ts).toThrow('Invalid cursor');
    expect(decodeCursor(encodeCursor('2024-02-29T23:59:59.999999Z', id))?.ts).toBe(
      '2024-02-29T23:59:59.999999Z',
    );
    const admin = await h.admin();
    expect((await admin.get('/api/admin/outbox?cursor=abc')).statusCode).toBe(400);
    const feb30 = encodeCursor('2026-02-30T00:00:00.000000Z', id);
    expect((await admin.get(`/api/admin/outbox?cursor=${feb30}`)).statusCode).toBe(400);
  });
});
