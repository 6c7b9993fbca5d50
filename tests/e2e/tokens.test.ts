import { describe, expect, it } from 'vitest';
import { openBrowser, uniqueName } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';

const e2e = useServerAndBrowser();

/** A fresh account through the API (the sign-up form has its own spec); the browser keeps the session cookie. */
async function registerThroughApi() {
  const { page, context } = e2e.browser;
  const username = uniqueName('buyer');
  const res = await context.request.post(`${e2e.server.url}/api/auth/register`, {
    data: { username, email: `${username}@example.com`, password: 'Harbor-Lamp-42' },
  });
  expect(res.status()).toBe(201);
  await page.goto(`${e2e.server.url}/dashboard`);
  return username;
}

async function balanceShown() {
  // the header's balance (desktop layout)
  const balance = e2e.browser.page
    .locator('[data-testid="token-balance"], [aria-label^="Token balance:"]')
    .first();
  return (await balance.textContent()) ?? '';
}

async function payWith(cardNumber: string) {
  const { page } = e2e.browser;
  await page.goto(`${e2e.server.url}/tokens/purchase`);
  await page.getByRole('heading', { name: 'Purchase Tokens' }).waitFor();
  // a unit price that tells packages apart (Starter $4.99 for 500; was "$0.01 per token" for all)
  await page.getByText('$0.998 per 100 tokens').first().waitFor();
  await page.getByRole('link', { name: 'Purchase Now: Starter' }).click();
  await page.waitForURL(/\/tokens\/checkout\?packageId=/);
  await page.getByText('no card is charged').waitFor();
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $4.99' }).click();
}

describe('buying tokens in the browser (offline payments)', () => {
  it('buys a package with 4242 4242 4242 4242 and sees the balance and billing history updated', async () => {
    const { page } = e2e.browser;
    await registerThroughApi();
    await expect.poll(balanceShown).toContain('50');

    await payWith('4242 4242 4242 4242');
    await page.getByText('Payment Successful').first().waitFor();
    await page.getByText('Purchase successful').first().waitFor();
    await page.getByText('500 tokens have been added to your account.').first().waitFor();
    await page.waitForURL(`${e2e.server.url}/dashboard`);
    await expect.poll(balanceShown).toContain('550');

    await page.goto(`${e2e.server.url}/billing-history`);
    await page.getByRole('heading', { name: 'Billing History' }).waitFor();
    await page.getByText('+500 tokens').waitFor();
    expect(await page.getByRole('cell', { name: 'Purchase', exact: true }).count()).toBe(1);
    await page.getByText('Starter package: 500 tokens').waitFor();
    const monthTab = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    expect(await page.getByRole('tab', { name: monthTab }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByText('550 tokens').count()).toBeGreaterThan(0);
  });

  it('shows the decline text for 4000 0000 0000 0002 and credits nothing', async () => {
    const { page } = e2e.browser;
    await payWith('4000 0000 0000 0002');
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first().waitFor();
    await page.getByText('Payment failed').first().waitFor();
    expect(page.url()).toContain('/tokens/checkout');
    expect(await page.getByText('Payment Successful').count()).toBe(0);

    // the server agrees: still one purchase and 550 tokens
    const summary = await page.evaluate(async () => (await fetch('/api/transactions/summary')).json());
    expect(summary).toEqual({ balance: 550, totalPurchased: 500, totalUsed: 0 });
    await page.reload();
    await expect.poll(balanceShown).toContain('550');
  });

  it('explains an unknown package and a return without a succeeded payment', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/tokens/checkout?packageId=00000000-0000-4000-8000-000000000000`);
    await page.getByText("We couldn't find the token package you're looking for.").waitFor();
    await page.goto(`${e2e.server.url}/tokens/success?payment_intent=pi_x&redirect_status=failed`);
    await page.getByText('Payment Error').waitFor();
    await page.getByText('Payment information is missing or payment did not succeed.').waitFor();
    await page.getByRole('link', { name: 'Try Again' }).waitFor();
  });

  // last: it signs the browser in as a new account, and the tests above share one
  it("keeps an admin adjustment's badge inside its column, 360 px wide and up (issue 45 C6)", async () => {
    const { page } = e2e.browser;
    await registerThroughApi();
    const me = (await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json()).user as {
      id: string;
    };
    const admin = await openBrowser();
    try {
      const login = await admin.page.request.post(`${e2e.server.url}/api/auth/login`, {
        data: { username: e2e.server.admin.username, password: e2e.server.admin.password },
      });
      expect(login.status()).toBe(200);
      const set = await admin.page.request.post(`${e2e.server.url}/api/admin/users/update-balance`, {
        data: { userId: me.id, tokenBalance: 75 },
      });
      expect(set.status()).toBe(200);
    } finally {
      await admin.close();
    }
    await page.goto(`${e2e.server.url}/billing-history`);
    const row = page.getByRole('row').filter({ has: page.getByText('Admin adjustment', { exact: true }) });
    for (const width of [360, 640, 768, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await row.waitFor();
      const boxes = await row.evaluate((el) => {
        const cells = [...el.querySelectorAll('[role="cell"]')];
        const badge = cells[1]!.firstElementChild!.getBoundingClientRect();
        const description = cells[2]!.getBoundingClientRect();
        const cell = cells[1]!.getBoundingClientRect();
        return { badge: badge.toJSON(), description: description.toJSON(), cell: cell.toJSON() };
      });
      const { badge, description, cell } = boxes as Record<string, DOMRect>;
      const overlaps =
        badge.left < description.right &&
        description.left < badge.right &&
        badge.top < description.bottom &&
        description.top < badge.bottom;
      expect({ width, overlaps }).toEqual({ width, overlaps: false });
      expect({ width, inside: badge.right <= cell.right + 0.5 }).toEqual({ width, inside: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
