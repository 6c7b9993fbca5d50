import { describe, expect, it } from 'vitest';
import { openBrowser, signUp, uniqueName } from './support/browser';
import { seriousViolations, setThemeMode } from './support/axe';
import { useServerAndBrowser } from './support/lifecycle';

const e2e = useServerAndBrowser();

describe('Settings → Privacy in the browser', () => {
  it('exports the data, then deletes the account: signed out to /, and the login fails', async () => {
    const { page, context } = e2e.browser;
    const base = e2e.server.url;
    const { username, password } = await signUp(page, base, uniqueName('privacy'));

    await page.goto(`${base}/settings?tab=privacy`);
    await page.getByText('You have no export yet.').waitFor();
    await page.getByRole('button', { name: 'Export my data' }).click();
    // pending, then the link (the card polls while the archive is prepared)
    const link = page.getByRole('link', { name: /Download archive/ });
    await link.waitFor({ timeout: 90_000 });
    await page.getByText(/Available to you, signed in, until/).waitFor();
    const href = (await link.getAttribute('href'))!;
    // no signed (bearer) link: the archive opens with the session only (issue 40, finding 4)
    expect(href).toMatch(/\/files\/u\/[0-9a-f-]{36}\/exports\/[0-9a-f-]{36}\.zip$/);
    const zip = await context.request.get(href);
    expect(zip.status()).toBe(200);
    const body = await zip.body();
    // a zip: local file header signature
    expect(body.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(body.includes(Buffer.from('profile.json'))).toBe(true);
    // the same link without the session cookie: refused
    const anonymous = await openBrowser();
    try {
      expect((await anonymous.context.request.get(href)).status()).toBe(401);
    } finally {
      await anonymous.close();
    }

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/purchases and token history stay for accounting/).waitFor();
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL(`${base}/`);
    await page.getByText('Account deleted').first().waitFor();

    // the old session is gone, and the account cannot sign in any more
    const me = await context.request.get(`${base}/api/auth/user`);
    expect(me.status()).toBe(401);
    await page.goto(`${base}/login`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: /log in|sign in/i }).click();
    await page.getByText('Invalid username or password').first().waitFor();
    expect(page.url()).toBe(`${base}/login`);
  });

  it('at 360 px, light and dark: the Privacy tab and the deletion dialog fit and are axe-clean', async () => {
    const phone = await openBrowser({ width: 360, height: 740 });
    try {
      const { page } = phone;
      const base = e2e.server.url;
      await signUp(page, base, uniqueName('privphone'));
      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await page.goto(`${base}/settings?tab=privacy`);
        await setThemeMode(page, mode);
        await page.getByRole('button', { name: 'Export my data' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(1);
        for (const v of await seriousViolations(page))
          found.push(`${mode} tab: ${v.id} ${v.targets.join(', ')}`);
        await page.getByRole('button', { name: 'Delete my account' }).click();
        await page.getByRole('dialog').waitFor();
        for (const v of await seriousViolations(page))
          found.push(`${mode} dialog: ${v.id} ${v.targets.join(', ')}`);
        await page.keyboard.press('Escape');
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      }
      expect(found).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
