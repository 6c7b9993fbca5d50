import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openBrowser, signUp, uniqueName } from './support/browser';
import { seriousViolations, setThemeMode } from './support/axe';
import { useServerAndBrowser } from './support/lifecycle';

// Issue 26 part 2: create a key in Settings, use it with curl, revoke it, see the next call refused.
// Issue 40, finding 2: creating one asks for the password and an expiry.

const e2e = useServerAndBrowser();
const run = promisify(execFile);

function hasCurl() {
  try {
    execFileSync('which', ['curl'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const CURL = hasCurl();

/** GET with the key only (no cookie): curl from the test, or fetch where curl is not installed. */
async function getWithKey(url: string, token: string): Promise<{ status: number; body: string }> {
  if (!CURL) {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: await res.text() };
  }
  const { stdout } = await run('curl', [
    '-sS',
    '-H',
    `Authorization: Bearer ${token}`,
    '-w',
    '\n%{http_code}',
    url,
  ]);
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

describe('Settings → API keys in the browser', () => {
  it('creates a key, calls the API with it by curl, revokes it, and the next call is refused', async () => {
    const { page } = e2e.browser;
    const base = e2e.server.url;
    const { password } = await signUp(page, base, uniqueName('apikey'));
    await page.goto(`${base}/settings?tab=api-keys`);
    await page.getByText('You have no API keys yet.').waitFor();
    // the page's own curl example, on its origin
    expect(await page.getByLabel('curl example', { exact: true }).textContent()).toContain(
      `${base}/api/models`,
    );

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('e2e script');
    await dialog.getByRole('combobox', { name: 'Expires after' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    // a wrong password is refused at its field; the right one makes the key
    await dialog.getByLabel('Your password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    await dialog.getByLabel('Your password').fill(password);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const field = dialog.getByLabel('API key', { exact: true });
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^ls_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await dialog.getByText(/only time the key is shown/).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByTestId('api-key-row').getByText('Never used').waitFor();
    await page
      .getByTestId('api-key-row')
      .getByText(/Expires /)
      .waitFor();

    const ok = await getWithKey(`${base}/api/models`, token);
    expect(ok.status).toBe(200);
    expect(Array.isArray(JSON.parse(ok.body).models ?? JSON.parse(ok.body))).toBe(true);
    // a read key cannot reach the account
    expect((await getWithKey(`${base}/api/auth/user`, token)).status).toBe(403);

    await page.reload();
    await page
      .getByTestId('api-key-row')
      .getByText(/Last used/)
      .waitFor();

    await page.getByRole('button', { name: 'Revoke e2e script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('You have no API keys yet.').waitFor();
    const refused = await getWithKey(`${base}/api/models`, token);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).message).toBe('Invalid or revoked API key');
  });

  it('at 360 px, light and dark: the tab and the new key dialog fit and are axe-clean', async () => {
    const phone = await openBrowser({ width: 360, height: 740 });
    try {
      const { page } = phone;
      const base = e2e.server.url;
      const { password } = await signUp(page, base, uniqueName('apiphone'));
      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await page.goto(`${base}/settings?tab=api-keys`);
        await setThemeMode(page, mode);
        await page.getByRole('button', { name: 'Create API key' }).waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(await overflow()).toBeLessThanOrEqual(1);
        for (const v of await seriousViolations(page))
          found.push(`${mode} tab: ${v.id} ${v.targets.join(', ')}`);
        await page.getByRole('button', { name: 'Create API key' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Name').fill(`phone ${mode}`);
        await dialog.getByLabel('Your password').fill(password);
        expect(await overflow()).toBeLessThanOrEqual(1);
        for (const v of await seriousViolations(page))
          found.push(`${mode} form: ${v.id} ${v.targets.join(', ')}`);
        await dialog.getByRole('button', { name: 'Create key' }).click();
        await dialog.getByLabel('API key', { exact: true }).waitFor();
        for (const v of await seriousViolations(page))
          found.push(`${mode} dialog: ${v.id} ${v.targets.join(', ')}`);
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
        expect(await overflow()).toBeLessThanOrEqual(1);
      }
      expect(found).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('the API reference at /docs/api renders the OpenAPI document under the CSP', async () => {
    const { page } = e2e.browser;
    const base = e2e.server.url;
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) csp.push(m.text());
    });
    // it opens clean: no console error (a 404 for /favicon.ico was one), no failed request
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    // Swagger UI draws only the operations in view (its list is virtual), so the test opens the
    // operation's own link, as a reader following a link to it would
    await page.goto(`${base}/docs/api#/generation/generation.generate`);
    await page.getByRole('heading', { name: 'LoRA Studio API reference' }).waitFor();
    await page.locator('.opblock-summary-path', { hasText: '/api/generate-image' }).first().waitFor();
    expect(csp).toEqual([]);
    // each operation says what it does, not its method and path again (issue 45 N2)
    const generate = page.locator('.opblock').filter({
      has: page.locator('.opblock-summary-path', { hasText: /^\/api\/generate-image$/ }),
    });
    expect(await generate.locator('.opblock-summary-description').first().textContent()).toBe(
      'Generate images',
    );
    // no red warning (the explicit jsonSchemaDialect drew one)
    expect(await page.locator('.errors-wrapper').count()).toBe(0);
    // dark as the system asks, and light again when it changes
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(28, 32, 34)',
    );
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark-mode')))
      .toBe(false);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });
});
