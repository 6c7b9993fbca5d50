import { describe, expect, it } from 'vitest';
import { openBrowser, signUp, uniqueName } from './support/browser';
import { seriousViolations, setThemeMode } from './support/axe';
import { useServerAndBrowser } from './support/lifecycle';

const e2e = useServerAndBrowser();

describe('notifications in the browser (issue 25)', () => {
  it('a purchase lights the bell; the list opens it, marks it read and leads to its subject', async () => {
    // a phone: the header must still fit with the bell in it
    const phone = await openBrowser({ width: 360, height: 740 });
    try {
      const { page } = phone;
      const base = e2e.server.url;
      await signUp(page, base, uniqueName('bell'));
      await page.goto(`${base}/dashboard`);
      await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

      // an offline card purchase, credited by the server: one notification
      await page.goto(`${base}/tokens/purchase`);
      await page.getByRole('link', { name: 'Purchase Now: Starter' }).click();
      await page.waitForURL(/\/tokens\/checkout\?packageId=/);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: 'Pay $4.99' }).click();
      await page.waitForURL(`${base}/dashboard`);
      await page.reload();

      const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(1);
      await bell.click();
      await page.waitForURL(`${base}/notifications`);
      await page.getByRole('heading', { name: 'Notifications' }).waitFor();
      const item = page.getByTestId('notification-item');
      await item.getByText('500 tokens were added to your balance').waitFor();
      expect(await item.count()).toBe(1);

      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await setThemeMode(page, mode);
        expect(await overflow()).toBeLessThanOrEqual(1);
        for (const v of await seriousViolations(page)) found.push(`${mode}: ${v.id} ${v.targets.join(', ')}`);
      }
      expect(found).toEqual([]);

      await page.getByRole('button', { name: 'Open: 500 tokens were added to your balance' }).click();
      await page.waitForURL(`${base}/billing-history`);
      await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
      await page.goto(`${base}/notifications`);
      await page.getByText('500 tokens were added to your balance').waitFor();
      expect(await page.getByRole('button', { name: /Mark as read/ }).count()).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it('Settings → Notifications turns one kind of mail off', async () => {
    const { page } = e2e.browser;
    const base = e2e.server.url;
    await signUp(page, base, uniqueName('mailprefs'));
    await page.goto(`${base}/settings?tab=notifications`);
    const sw = page.getByRole('switch', { name: 'Tokens you bought were credited' });
    await sw.waitFor();
    expect(await sw.getAttribute('aria-checked')).toBe('true');
    await sw.click();
    await expect.poll(() => sw.getAttribute('aria-checked')).toBe('false');
    const prefs = await page.evaluate(async () => (await fetch('/api/notifications/preferences')).json());
    expect(prefs.mail.purchase_credited).toBe(false);
    expect(prefs.mail.training_ready).toBe(true);
  });
});
