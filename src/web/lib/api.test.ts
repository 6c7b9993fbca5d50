import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, buildQueryPath, errorMessage } from './api';

describe('buildQueryPath', () => {
  it('uses the first entry as the path', () => {
    expect(buildQueryPath(['/api/models'])).toBe('/api/models');
  });

  it('appends string and number entries as path segments', () => {
    expect(buildQueryPath(['/api/models', 'abc', 'training-status'])).toBe('/api/models/abc/training-status');
    expect(buildQueryPath(['/api/preset-styles', 7])).toBe('/api/preset-styles/7');
    expect(buildQueryPath(['/api/models/', 'a b'])).toBe('/api/models/a%20b');
  });

  it('turns object entries into query parameters, skipping null and undefined', () => {
    expect(buildQueryPath(['/api/preset-styles', { showNsfw: false }])).toBe(
      '/api/preset-styles?showNsfw=false',
    );
    expect(
      buildQueryPath([
        '/api/admin/generated-images',
        { cursor: null, search: 'cat dog', userId: undefined, size: 'hd' },
      ]),
    ).toBe('/api/admin/generated-images?search=cat+dog&size=hd');
    expect(buildQueryPath(['/api/models', { cursor: null }])).toBe('/api/models');
  });

  it('combines segments and parameters', () => {
    expect(buildQueryPath(['/api/preset-styles', 'id1', { showNsfw: true }])).toBe(
      '/api/preset-styles/id1?showNsfw=true',
    );
  });

  it('rejects a key without a path', () => {
    expect(() => buildQueryPath([{ a: 1 }])).toThrow();
  });
});

describe('apiFetch', () => {
  afterEach(() => vi.restoreAllMocks());

  function respond(body: string, init: ResponseInit) {
    return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, init));
  }

  it('sends JSON with credentials and parses JSON answers', async () => {
    const spy = respond('{"user":{"id":"1"}}', {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(apiFetch('/api/auth/login', { method: 'POST', json: { username: 'ann' } })).resolves.toEqual(
      {
        user: { id: '1' },
      },
    );
    const [, init] = spy.mock.calls[0];
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"username":"ann"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("uses the server's human message, status, code and fields", async () => {
    respond(
      JSON.stringify({
        error: 'Username is taken',
        message: 'Username is taken',
        code: 'CONFLICT',
        fields: { username: 'Username is taken' },
      }),
      { status: 409, headers: { 'Content-Type': 'application/json' } },
    );
    const error = await apiFetch('/api/auth/register', { json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe('Username is taken');
    expect(apiError.status).toBe(409);
    expect(apiError.code).toBe('CONFLICT');
    expect(apiError.fields).toEqual({ username: 'Username is taken' });
    expect(errorMessage(apiError, 'fallback')).toBe('Username is taken');
  });

  it('falls back to "status: body text" without a human message', async () => {
    respond('upstream exploded', {
      status: 502,
      statusText: 'Bad Gateway',
      headers: { 'Content-Type': 'text/plain' },
    });
    const error = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: upstream exploded');
    expect(errorMessage(error, 'Please try again.')).toBe('Please try again.');
  });

  it('uses the status text when the body is empty', async () => {
    respond('', { status: 503, statusText: 'Service Unavailable' });
    const error = (await apiFetch('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
  });
});
