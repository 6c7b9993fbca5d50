import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { makePhoto } from '../../src/server/test/photo-fixtures';
import { applyLedgerEntry } from '../../src/server/modules/tokens/ledger.service';
import { until } from '../../src/server/test/until';
import { withServerDatabase, type TestServer } from './support/server';

/**
 * Tokens for a test user, credited through the ledger on the server's database (an admin_adjustment
 * row, so the ledger stays consistent): beside the server on PostgreSQL, with it stopped on PGlite.
 */
export async function grantTokensOffline(server: TestServer, username: string, amount: number) {
  await withServerDatabase(server, async (db) => {
    const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) });
    if (!user) throw new Error(`no user ${username}`);
    await db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: user.id,
        type: 'admin_adjustment',
        amount,
        idempotencyKey: `admin:${randomUUID()}`,
        description: 'e2e grant',
      }),
    );
  });
}

export async function ledgerMismatchesOffline(server: TestServer) {
  const { ledgerMismatches } = await import('../../src/server/modules/tokens/ledger.service');
  return withServerDatabase(server, (db) => ledgerMismatches(db));
}

/** Six (or n) distinct JPEGs written to a temp dir for the browser's file picker. */
export async function photoFiles(dir: string, n: number, seed = 0) {
  const { writeFile } = await import('node:fs/promises');
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const file = path.join(dir, `photo-${seed + i}.jpg`);
    await writeFile(file, await makePhoto(seed + i));
    files.push(file);
  }
  return files;
}

/**
 * Create a model through the page as a person does (name, consent, the photos picked), and return its
 * id once the browser is on its page.
 */
export async function createModelInBrowser(page: Page, baseUrl: string, name: string, files: string[]) {
  await page.goto(`${baseUrl}/models/create`);
  await page.getByLabel('Model Name').fill(name);
  await page.getByRole('checkbox', { name: /These are photos of me/ }).check();
  await page.getByTestId('image-input').setInputFiles(files);
  // a locator's wait, not expect.poll: this also runs in a beforeAll (tests/e2e/journey-a11y.test.ts)
  const picked = page.getByRole('list', { name: 'Selected images' }).getByRole('listitem');
  await picked.nth(files.length - 1).waitFor();
  expect(await picked.count()).toBe(files.length);
  await page.getByRole('button', { name: 'Create Model' }).click();
  await page.waitForURL(/\/models\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Generate one image on the open generator page; returns its finished card. */
export async function generateOneInBrowser(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
  await page.getByLabel('Number of images').fill('1');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const card = page.getByRole('list', { name: 'Generated images' }).locator('li[data-status="completed"]');
  await card.first().waitFor({ timeout: 90_000 });
  expect(await card.count()).toBe(1);
  return card.first();
}

/** A tiny cookie-keeping API client for the real server. */
export function apiClient(baseUrl: string) {
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseUrl}${url}`, { method, headers, body: payload });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body?: unknown) => call('POST', url, body),
    async register(username: string) {
      const r = await call('POST', '/api/auth/register', {
        username,
        email: `${username}@example.com`,
        password: 'Harbor-Lamp-42',
      });
      if (r.status !== 201) throw new Error(`register ${r.status}`);
      return r.json.user;
    },
    async modelWithPhotos(name: string, n: number, seed: number) {
      const m = await call('POST', '/api/models', { name, description: '', subjectConsent: true });
      const form = new FormData();
      for (let i = 0; i < n; i++)
        form.append(
          'images',
          new Blob([new Uint8Array(await makePhoto(seed + i, { size: 256 }))], { type: 'image/jpeg' }),
          `p${i}.jpg`,
        );
      const up = await call('POST', `/api/models/${m.json.id}/images`, form);
      if (up.status !== 201) throw new Error(`upload ${up.status} ${JSON.stringify(up.json)}`);
      return m.json.id as string;
    },
    async waitFor(modelId: string, statuses: string[], timeoutMs = 90_000) {
      let last = '';
      return until(
        async () => {
          try {
            const r = await call('GET', `/api/models/${modelId}`);
            last = r.json?.status;
            return statuses.includes(last) ? r.json : undefined;
          } catch {
            return undefined; // server restarting
          }
        },
        () => `the model to be ${statuses.join('|')} (it stayed ${last})`,
        timeoutMs,
        150,
      );
    },
  };
}
