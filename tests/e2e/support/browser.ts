import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export type Browser = { context: BrowserContext; page: Page; close: () => Promise<void> };

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Debian Chromium through playwright-core, a fresh profile each time (STACK.md). */
export async function openBrowser(
  opts: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Browser> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lora-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath,
    headless: true,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    colorScheme: opts.colorScheme ?? 'light',
    args: CHROMIUM_ARGS,
  });
  context.setDefaultTimeout(15_000);
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

export async function logIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}
