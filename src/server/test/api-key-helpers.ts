import { expect } from 'vitest';
import type { Client, Harness } from './harness';

/** The password `Client.register` gives a new user (src/server/test/harness.ts). */
export const REGISTERED_PASSWORD = 'Harbor-Lamp-42';

export type MadeKey = {
  id: string;
  name: string;
  scopes: string[];
  token: string;
  expiresAt: string | null;
};

/** Makes a personal API key as its owner does (their password re-entered) and answers it, token included. */
export async function makeKey(
  c: Client,
  scopes: string[] = ['read'],
  name = 'script',
  extra: { password?: string; expiresInDays?: number | null } = {},
): Promise<MadeKey> {
  const res = await c.post('/api/user/api-keys', { name, scopes, password: REGISTERED_PASSWORD, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().apiKey as MadeKey;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request with the key only: no cookie, as curl sends it. */
export function withKey(h: Harness, token: string, method: Method, url: string, payload?: unknown) {
  return h.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
