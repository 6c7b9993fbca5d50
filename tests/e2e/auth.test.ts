import { describe, expect, it } from 'vitest';
import { logIn, openBrowser, signUp, uniqueName } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';

const e2e = useServerAndBrowser();

describe('accounts in the browser', () => {
  it('signs up, lands on the dashboard with 50 tokens, changes settings, logs out and in again', async () => {
    const { page } = e2e.browser;
    const { username, password } = await signUp(page, e2e.server.url);
    await expect.poll(() => page.getByText('Registration successful').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('token-balance').first().textContent()).toContain('50');
    await page.getByText("You haven't created any models yet.").waitFor();
    await page.getByText('Available Preset Styles').waitFor();

    await page.goto(`${e2e.server.url}/settings`);
    const newName = `${username}_x`;
    await page.getByLabel('Username').fill(newName);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').first().waitFor();

    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('switch').click();
    await page.getByText('Age Verification Required').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('switch').getAttribute('aria-checked')).toBe('false');

    await page
      .getByRole('button', { name: /user menu|account menu|open menu/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByText('You have been successfully logged out.').first().waitFor();

    await page.goto(`${e2e.server.url}/dashboard`);
    await page.waitForURL(`${e2e.server.url}/login`);
    await logIn(page, e2e.server.url, newName, password);
    await page.getByText(`Welcome back, ${newName}!`).first().waitFor();
  });

  it('shows the spec validation messages on login and register', async () => {
    const { page } = e2e.browser;
    await page.context().clearCookies();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Username must be at least 3 characters').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();

    await page.getByLabel('Username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('wrongpass1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Login failed').first().waitFor();

    await page.goto(`${e2e.server.url}/register`);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm password', { exact: true }).fill('abcdefgh1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must contain at least one letter and one number').waitFor();
    await page.getByText("Passwords don't match").waitFor();
  });

  it('works at 360 px in dark mode and shows the 404 page', async () => {
    const small = await openBrowser({ width: 360, height: 740, colorScheme: 'dark' });
    try {
      const { page } = small;
      await page.goto(`${e2e.server.url}/`);
      await page.locator('#how-it-works').waitFor();
      // with no choice of their own a visitor sees what their system prefers (issue 23 defect 2)
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      // the personal light/dark choice is kept in a cookie and local storage and survives a reload
      await page
        .getByRole('button', { name: /dark|theme/i })
        .first()
        .click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(false);
      await page.reload();
      await page.locator('#how-it-works').waitFor();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      // the server drew it from the cookie, so no script read the cookie before the first paint
      expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe('light');
      // a choice left only in local storage (its cookie gone) is restored over the system's dark, and
      // written back to the cookie
      await small.context.clearCookies({ name: 'theme' });
      await page.reload();
      await expect
        .poll(async () => (await small.context.cookies()).find((c) => c.name === 'theme')?.value)
        .toBe('light');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      // and back to dark for the rest of the walk
      await page
        .getByRole('button', { name: /dark|theme/i })
        .first()
        .click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
        .toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      await signUp(page, e2e.server.url, uniqueName('small'));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(1);
      await page.goto(`${e2e.server.url}/no/such/page`);
      await page.getByText('404 Page Not Found').waitFor();
      await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    } finally {
      await small.close();
    }
  });
});
