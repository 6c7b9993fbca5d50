import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, setThemeMode } from './support/axe';
import { openBrowser, searchAdminUsers, toastItem, uniqueName, type Browser } from './support/browser';
import { sharedServer, type TestServer } from './support/server';

let server: TestServer;
let adminBrowser: Browser;
let target: { id: string; username: string };

// Set up as in admin.test.ts: accounts through the API, the admin's browser keeps its cookie.
async function apiSignUp(page: Page, username: string, password = 'Harbor-Lamp-42') {
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: { username, email: `${username}@example.com`, password },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).user as { id: string; username: string };
}
async function apiLogIn(page: Page, username: string, password: string) {
  const res = await page.request.post(`${server.url}/api/auth/login`, { data: { username, password } });
  expect(res.status()).toBe(200);
}

beforeAll(async () => {
  server = await sharedServer();
  adminBrowser = await openBrowser();
  const signUp = await openBrowser();
  try {
    target = await apiSignUp(signUp.page, uniqueName('audited'));
  } finally {
    await signUp.close();
  }
  await apiLogIn(adminBrowser.page, server.admin.username, server.admin.password);
}, 90_000);
afterAll(async () => {
  await adminBrowser?.close();
  await server?.stop();
});

describe('admin audit log in the browser', () => {
  it('a balance change shows in the audit log: who, on whom, before → after', async () => {
    const a = adminBrowser.page;
    await a.goto(`${server.url}/admin`);
    const userRow = await searchAdminUsers(a, target.username);
    await userRow.getByRole('button', { name: `Edit ${target.username}` }).click();
    await a.getByRole('spinbutton', { name: 'Token Balance' }).fill('321');
    await a.getByRole('button', { name: 'Update', exact: true }).click();
    await toastItem(a, 'Balance updated').waitFor();
    await expect
      .poll(async () => a.getByRole('spinbutton', { name: 'Token Balance' }).inputValue())
      .toBe('321');
    // The dialog's own Close button, not Escape: the toast is a dismissable layer too, and the newest
    // layer takes Escape, so on a busy machine Escape closed the toast and left the dialog open.
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await a.getByRole('tab', { name: 'Audit log' }).click();
    await a.getByLabel('Target user id').fill(target.id);
    const row = a
      .getByRole('row')
      .filter({ hasText: 'Balance changed' })
      .filter({ hasText: target.username });
    await row.waitFor();
    await row.getByText(server.admin.username).waitFor();
    await row.getByText('tokenBalance:').waitFor();
    await row.getByText('321', { exact: true }).waitFor();
    // polled: the id filter's debounced read can redraw the table just after the row was found
    await expect.poll(() => a.getByRole('row').filter({ hasText: 'Balance changed' }).count()).toBe(1);
  });

  it('reads at 360 px in light and dark: the table scrolls in its box, not the page', async () => {
    const a = adminBrowser.page;
    await a.setViewportSize({ width: 360, height: 740 });
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await a.goto(`${server.url}/admin?tab=audit`);
      await setThemeMode(a, mode);
      await a.getByRole('row').filter({ hasText: 'Balance changed' }).first().waitFor();
      expect(
        await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        mode,
      ).toBeLessThanOrEqual(0);
      for (const v of await seriousViolations(a))
        found.push(`${mode}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.slice(0, 3).join(' | ')}`);
    }
    expect(found).toEqual([]);
  });
});
