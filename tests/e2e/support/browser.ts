import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> };

/**
 * Debian's `chromium-headless-shell` when it is installed (`.ci/run` and `npm test` as root install it):
 * Chromium's headless-only build draws the same pages without the full browser around them, and the
 * whole e2e lane spent 315 CPU-seconds in it against 419 in `chromium` (decision 030). Else `chromium`.
 * The benches keep `chromium`, so their figures stay comparable with the earlier ones.
 */
export const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** the websocket endpoint of the Chromium of tests/e2e/support/global-setup.ts */
export const SHARED_BROWSER_ENV = 'LORA_E2E_BROWSER';

/** Flags Debian Chromium needs on these machines: headless, no sandbox, no calls to Google's hosts. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

// This spec process's client address on the shared server (see SHARED_SERVER_OVERRIDES in server.ts).
const clientAddress = `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
let shared: Promise<Chromium> | undefined;

/**
 * A fresh browser: a new context (no cookies, no storage) on the shared Chromium when the e2e
 * globalSetup started one, else Debian Chromium through playwright-core with a fresh profile (STACK.md).
 */
export async function openBrowser(
  opts: {
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<Browser> {
  const viewport = { width: opts.width ?? 1280, height: opts.height ?? 900 };
  const colorScheme = opts.colorScheme ?? 'light';
  // Endless animations (spinners, skeleton pulses, progress) repaint every frame in Chromium's
  // software rasteriser, in three browsers at once on a 2-core machine, for as long as a spec waits for a
  // training or a render; the app stops them under `prefers-reduced-motion` (styles.css). The keyboard
  // spec keeps the motion, so dialogs are still walked with their open and close animations
  // (docs/decisions/030-test-speed.md).
  const reducedMotion = opts.reducedMotion ?? 'reduce';
  const endpoint = process.env[SHARED_BROWSER_ENV];
  if (endpoint) {
    shared ??= chromium.connect(endpoint);
    const context = await (
      await shared
    ).newContext({
      viewport,
      colorScheme,
      reducedMotion,
      extraHTTPHeaders: { 'x-forwarded-for': clientAddress },
    });
    // a wait ends as soon as its element shows; the bound is for a 2-core CI machine running the
    // PostgreSQL lane beside three browsers and their servers, where an offline render or an image
    // analysis has taken more than 15 s (docs/decisions/030-test-speed.md)
    context.setDefaultTimeout(45_000);
    const page = await context.newPage();
    return { context, page, close: () => context.close().catch(() => {}) };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    viewport,
    colorScheme,
    reducedMotion,
    args: CHROMIUM_ARGS,
  });
  context.setDefaultTimeout(45_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close().catch(() => {});
      await rm(dir, { recursive: true, force: true }).catch(() => {});
    },
  };
}

let counter = 0;
export function uniqueName(prefix = 'user') {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

/** Signs up through the real form and waits for the dashboard. */
export async function signUp(
  page: Page,
  baseUrl: string,
  username = uniqueName(),
  password = 'Harbor-Lamp-42',
) {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  return { username, password };
}

/**
 * A toast on screen, by its text. Radix gives the toast's item no role of its own: the `status` with
 * the same words is its screen-reader announcement, which Radix removes after one second, so a wait
 * on it that starts late (a busy machine) never sees it. The item is found in the accessibility tree
 * with hidden nodes included: while a dialog is open, Radix hides everything outside it from that
 * tree (`aria-hidden`), the notification region too when it was mounted before the dialog opened.
 */
export function toastItem(page: Page, text: string) {
  return page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: text });
}

export async function logIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/**
 * Types `username` into the admin's user search and waits until the table shows that user's row and
 * no other, as a person reads the result before pressing one of its buttons. Pressed any sooner, the
 * button could be in the unfiltered list that the search's answer then reorders: the row moved under
 * the pointer and the press landed beside it (CI: the Edit and Suspend dialogs never opened, twice).
 */
export async function searchAdminUsers(page: Page, username: string) {
  await page.getByLabel('Search users').fill(username);
  const rows = page.getByTestId('admin-user-row');
  const match = rows.filter({ hasText: username });
  await expect
    .poll(async () => {
      const all = await rows.count();
      return all > 0 && all === (await match.count());
    })
    .toBe(true);
  return match.first();
}
