// The admin dashboard's charts (issue #26 part 3, decision 040): drawn, switchable, each with a table.
import { describe, expect, it } from 'vitest';
import { uniqueName } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';

const e2e = useServerAndBrowser();

describe('admin charts in the browser', () => {
  it('an admin sees the charts and reads their numbers in the table views', async () => {
    const { server, browser } = e2e;
    const p = browser.page;
    // a sign-up of today, made by this spec, so today's row counts at least one
    const who = uniqueName('charted');
    const reg = await p.request.post(`${server.url}/api/auth/register`, {
      data: { username: who, email: `${who}@example.com`, password: 'Harbor-Lamp-42' },
    });
    expect(reg.status()).toBe(201);
    await p.request.post(`${server.url}/api/auth/logout`);
    const login = await p.request.post(`${server.url}/api/auth/login`, {
      data: { username: server.admin.username, password: server.admin.password },
    });
    expect(login.status()).toBe(200);
    const api = (await (await p.request.get(`${server.url}/api/admin/stats/daily?days=7`)).json()) as {
      days: { date: string; signups: number; images: number }[];
    };
    const today = api.days.at(-1)!;
    expect(today.signups).toBeGreaterThanOrEqual(1);

    await p.setViewportSize({ width: 360, height: 800 });
    await p.goto(`${server.url}/admin`);
    const signups = p.getByTestId('chart-signups');
    await signups.locator('svg').first().waitFor();
    for (const id of ['revenue', 'purchases', 'signups', 'images', 'trainings', 'tokens'])
      await p.getByTestId(`chart-${id}`).locator('svg').first().waitFor();
    // nothing wider than the phone
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await p.getByRole('button', { name: '7 days' }).click();
    await signups.getByRole('button', { name: 'Show table of sign-ups' }).click();
    const table = signups.getByRole('table', { name: 'Sign-ups per day, last 7 days (UTC)' });
    await table.waitFor();
    await expect.poll(async () => table.getByRole('row').count()).toBe(9);
    const row = table.getByRole('row').filter({ has: p.getByRole('rowheader', { name: today.date }) });
    const shown = Number((await row.getByRole('cell').first().textContent())!.replace(/,/g, ''));
    // the page shows the server's figure (others may have signed up since: never fewer)
    expect(shown).toBeGreaterThanOrEqual(today.signups);

    const trainings = p.getByTestId('chart-trainings');
    await trainings.getByRole('button', { name: 'Show table of trainings ready and failed' }).click();
    const headers = await trainings.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Date', 'Ready', 'Failed']);
  });
});
