import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractOf, endpoints, serverSide, type ParamsOf, type ResponseOf } from './define';

// The two halves of an area (decision 069): the browser's names every route of the server's and no
// other, typed by it; joined, they are what the server registers. The @ts-expect-error lines are
// checked by `tsc --noEmit`.

const server = serverSide({
  read: {
    guard: 'user',
    apiKey: 'read',
    params: z.object({ id: z.string() }),
    response: { 200: z.object({ n: z.number() }) },
  },
  write: {
    guard: 'admin',
    body: z.object({ name: z.string() }),
    response: { 201: z.object({ ok: z.boolean() }) },
  },
});
const api = endpoints<typeof server>()({
  read: { method: 'GET', path: '/api/things/:id' },
  write: { method: 'POST', path: '/api/things' },
});

describe('the two halves of an area', () => {
  it('join into the descriptors the server registers, the browser half holding no schema', () => {
    expect(api.read).toEqual({ method: 'GET', path: '/api/things/:id' });
    const contract = contractOf(api, server);
    expect(contract.read).toEqual({ ...api.read, ...server.read });
    expect(contract.write.guard).toBe('admin');
  });

  it("types the browser half by the server half's schemas", () => {
    const answer: ResponseOf<typeof api.read> = { n: 1 };
    const params: ParamsOf<typeof api.read> = { id: 'x' };
    // @ts-expect-error the answer's type is the schema's
    const wrong: ResponseOf<typeof api.read> = { n: 'one' };
    expect([answer, params, wrong]).toHaveLength(3);
  });

  it('refuses a browser half that misses a route or names one the server has not', () => {
    // @ts-expect-error `write` is missing
    endpoints<typeof server>()({ read: { method: 'GET', path: '/api/things/:id' } });
    endpoints<typeof server>()({
      read: { method: 'GET', path: '/api/things/:id' },
      write: { method: 'POST', path: '/api/things' },
      // @ts-expect-error the server half has no `extra`
      extra: { method: 'GET', path: '/api/extra' },
    });
    // @ts-expect-error a guard the server does not know
    serverSide({ x: { guard: 'everyone', response: {} } });
  });
});
