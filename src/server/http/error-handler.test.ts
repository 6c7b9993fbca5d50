import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler, sqlState } from './error-handler';

describe('database data exceptions', () => {
  it('finds the SQLSTATE on pg/PGlite errors and under a wrapper', () => {
    expect(sqlState(Object.assign(new Error('bad date'), { code: '22008' }))).toBe('22008');
    expect(
      sqlState(new Error('query failed', { cause: Object.assign(new Error('nul'), { code: '22021' }) })),
    ).toBe('22021');
    expect(sqlState(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeUndefined();
  });

  it('answer 400 (class 22) as a last line of defence, and other database errors stay 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/data', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('date/time field value out of range'), { code: '22008' }),
      });
    });
    app.get('/other', async () => {
      throw Object.assign(new Error('deadlock'), { code: '40P01' });
    });
    const data = await app.inject({ url: '/data' });
    expect(data.statusCode).toBe(400);
    expect(data.json()).toMatchObject({ code: 'VALIDATION_ERROR', error: 'Invalid request' });
    expect((await app.inject({ url: '/other' })).statusCode).toBe(500);
    await app.close();
  });
});
