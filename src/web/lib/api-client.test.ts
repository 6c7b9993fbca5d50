import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi } from '@shared/api/admin';
import { modelsApi } from '@shared/api/models';
import { stylesApi } from '@shared/api/styles';
import { tokensApi } from '@shared/api/tokens';
import { ApiError } from './api';
import { apiQuery, call, keyOf } from './api-client';

const ID = '00000000-0000-4000-8000-000000000001';

describe('keyOf', () => {
  it('keeps the shape invalidation relies on: the path to the first parameter, then segments, then the query', () => {
    expect(keyOf(modelsApi.list)).toEqual(['/api/models']);
    expect(keyOf(modelsApi.detail, { params: { id: ID } })).toEqual(['/api/models', ID]);
    expect(keyOf(modelsApi.trainingStatus, { params: { id: ID } })).toEqual([
      '/api/models',
      ID,
      'training-status',
    ]);
    expect(keyOf(stylesApi.detail, { params: { id: ID }, query: { showNsfw: true } })).toEqual([
      '/api/preset-styles',
      ID,
      { showNsfw: true },
    ]);
    expect(keyOf(tokensApi.transactions, { query: { type: undefined } })).toEqual([
      '/api/transactions',
      { type: undefined },
    ]);
  });
});

describe('call', () => {
  afterEach(() => vi.restoreAllMocks());

  const ok = (body: unknown, status = 200) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () =>
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );

  it('sends the method, the filled path, the query and the JSON body of the descriptor', async () => {
    const spy = ok({ success: true, model: {} });
    await call(modelsApi.updatePromptModifier, { params: { id: ID }, body: { promptModifier: 'x' } });
    const [url, init] = spy.mock.calls[0]!;
    expect(url).toBe(`/api/models/${ID}/update-prompt-modifier`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"promptModifier":"x"}');

    await call(adminApi.users, { query: { search: 'ann', cursor: undefined } });
    expect(spy.mock.calls[1]![0]).toBe('/api/admin/users?search=ann');
  });

  it('sends a multipart form as it is, and nothing for a route without a body', async () => {
    const spy = ok({ success: true, uploaded: 1, model: {} }, 201);
    const form = new FormData();
    await call(modelsApi.uploadPhotos, { params: { id: ID }, form });
    expect(spy.mock.calls[0]![1]?.body).toBe(form);
    await call(modelsApi.remove, { params: { id: ID } });
    expect(spy.mock.calls[1]![1]?.method).toBe('DELETE');
    expect(spy.mock.calls[1]![1]?.body).toBeUndefined();
  });

  it('throws ApiError with the path for a non-2xx answer, and does not parse answers', async () => {
    ok({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    const error = await call(modelsApi.detail, { params: { id: ID } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).path).toBe(`/api/models/${ID}`);

    vi.restoreAllMocks();
    ok({ anything: 'the server sent' });
    await expect(call(modelsApi.list)).resolves.toEqual({ anything: 'the server sent' });
  });

  it('gives a query its key and a query function that reads the same URL', async () => {
    const spy = ok([]);
    const options = apiQuery(stylesApi.list, { query: { showNsfw: true } });
    expect(options.queryKey).toEqual(['/api/preset-styles', { showNsfw: true }]);
    await options.queryFn({ signal: new AbortController().signal } as never);
    expect(spy.mock.calls[0]![0]).toBe('/api/preset-styles?showNsfw=true');
  });
});
