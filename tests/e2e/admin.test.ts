import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, searchAdminUsers, uniqueName, type Browser } from './support/browser';
import { sharedServer, type TestServer } from './support/server';

let server: TestServer;
let userBrowser: Browser;
let adminBrowser: Browser;
let user: { username: string; password: string };

// Accounts are made through the API (the browser context keeps the cookie): these specs are about the
// admin screens, and the sign-up form has its own spec.
async function apiSignUp(page: Page, username: string, password = 'Harbor-Lamp-42') {
  const res = await page.request.post(`${server.url}/api/auth/register`, {
    data: { username, email: `${username}@example.com`, password },
  });
  expect(res.status()).toBe(201);
  return { username, password };
}
async function apiLogIn(page: Page, username: string, password: string) {
  const res = await page.request.post(`${server.url}/api/auth/login`, { data: { username, password } });
  expect(res.status()).toBe(200);
}

beforeAll(async () => {
  server = await sharedServer();
  [userBrowser, adminBrowser] = await Promise.all([openBrowser(), openBrowser()]);
  user = await apiSignUp(userBrowser.page, uniqueName('e2e_user'));
  await apiLogIn(adminBrowser.page, server.admin.username, server.admin.password);
});
afterAll(async () => {
  await userBrowser?.close();
  await adminBrowser?.close();
  await server?.stop();
});

describe('support and admin panel in the browser', () => {
  it('a long unbroken subject wraps: /support stays as wide as a 360 px screen', async () => {
    const b = await openBrowser({ width: 360, height: 800 });
    try {
      await apiSignUp(b.page, uniqueName('e2e_wide'));
      const subject = `Subject${'x'.repeat(150)}`;
      const res = await b.page.request.post(`${server.url}/api/support/tickets`, {
        data: { subject, message: `Message${'y'.repeat(300)}`, priority: 'low' },
      });
      expect(res.status()).toBeLessThan(300);
      await b.page.goto(`${server.url}/support`);
      await b.page.getByText(subject).waitFor();
      expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await b.close();
    }
  });

  it('a ticket goes from the user to the admin and the answer comes back', async () => {
    const u = userBrowser.page;
    const a = adminBrowser.page;
    const subject = `Training stuck ${Date.now()}`;

    await u.goto(`${server.url}/support`);
    await u.getByText('Get help with your models or general account questions.').waitFor();
    await u.getByText("You don't have any open support tickets.").waitFor();
    await u.getByRole('button', { name: 'Submit Ticket' }).click();
    await u.getByText('Please fill in both subject and message fields.').first().waitFor();
    await u.getByLabel('Subject').fill(subject);
    await u.getByLabel('Message').fill('My model has been training for hours.');
    await u.getByRole('button', { name: 'Submit Ticket' }).click();
    await u.getByText('Your support ticket has been submitted.').first().waitFor();
    await u.getByRole('tab', { name: 'Open Tickets (1)' }).waitFor();
    await u.getByText(subject).waitFor();

    await a.goto(`${server.url}/admin/support`);
    await a.getByPlaceholder('Search tickets by subject, message, or user...').fill(subject);
    const card = a.getByTestId('admin-ticket').filter({ hasText: subject });
    await card.waitFor();
    await card.getByRole('button', { name: 'Ticket Details' }).click();
    await card.getByText(user.username).first().waitFor();
    await card.getByLabel('Status').click();
    await a.getByRole('option', { name: 'In Progress' }).click();
    await a.getByText('Status updated').first().waitFor();
    await a.getByRole('tab', { name: 'In Progress (1)' }).click();
    const moved = a.getByTestId('admin-ticket').filter({ hasText: subject });
    await moved
      .getByPlaceholder('Enter response to user...')
      .fill('We restarted your training. Sorry for the wait!');
    await moved.getByRole('button', { name: 'Add Note' }).click();
    await a.getByText('Note added').first().waitFor();
    expect(await moved.getByPlaceholder('Enter response to user...').inputValue()).toBe('');

    await u.reload();
    await u.getByText('Admin Response').waitFor();
    await u.getByText('We restarted your training. Sorry for the wait!').waitFor();
    await u.getByText('In Progress').first().waitFor();
  });

  it('an admin creates a style with a LoRA entry and a preview image; users see it', async () => {
    const a = adminBrowser.page;
    const u = userBrowser.page;
    const name = `E2E Style ${Date.now().toString(36)}`;

    await a.goto(`${server.url}/admin/preset-styles/create`);
    await a.getByRole('button', { name: 'Create Style' }).click();
    await a.getByText('Name must be at least 2 characters').waitFor();
    await a.getByText('Either a prompt or at least one LoRA model must be provided').waitFor();
    await a.getByLabel('Name', { exact: true }).fill(name);
    await a.getByLabel('Description', { exact: true }).fill('Made in the end-to-end test');
    await a.getByRole('button', { name: 'Add LoRA Model (0/2)' }).click();
    await a.getByLabel('LoRA Model ID').fill('civitai:4201@130072');
    expect(await a.getByLabel('Weight').inputValue()).toBe('0.75');
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8844cc' } })
      .png()
      .toBuffer();
    await a
      .getByTestId('style-image-input')
      .setInputFiles({ name: 'preview.png', mimeType: 'image/png', buffer: png });
    await a.getByText('Image uploaded').first().waitFor();
    expect(await a.getByLabel('Preview Image URL').inputValue()).toMatch(
      /^\/files\/public\/styles\/.+\.webp$/,
    );
    await a.getByRole('button', { name: 'Create Style' }).click();
    await a.getByText('Style created').first().waitFor();
    await a.waitForURL(/\/admin(\?tab=styles)?$/);
    await a.getByTestId('admin-style-row').filter({ hasText: name }).waitFor();

    await u.goto(`${server.url}/dashboard`);
    await u.getByText(name).first().waitFor();
    const styles = (await (await u.request.get(`${server.url}/api/preset-styles`)).json()) as {
      name: string;
      loraModels: { id: string }[];
      previewImageUrl: string;
    }[];
    const mine = styles.find((s) => s.name === name);
    expect(mine?.loraModels).toEqual([{ id: 'civitai:4201@130072', weight: '0.75', triggerWord: '' }]);
    const img = await u.request.get(`${server.url}${mine!.previewImageUrl}`);
    expect(img.status()).toBe(200);
    expect(img.headers()['content-type']).toBe('image/webp');
  });

  it('an admin suspends a user: the user is signed out and cannot sign in', async () => {
    const a = adminBrowser.page;
    const u = userBrowser.page;
    await u.goto(`${server.url}/dashboard`);
    await u.getByText('Available Preset Styles').waitFor();

    await a.goto(`${server.url}/admin`);
    const row = await searchAdminUsers(a, user.username);
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Suspend' }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await a.getByText('User suspended').first().waitFor();
    await row.getByText('Suspended').waitFor();

    await u.goto(`${server.url}/dashboard`);
    await u.waitForURL(`${server.url}/login`);
    await u.getByLabel('Username').fill(user.username);
    await u.getByLabel('Password', { exact: true }).fill(user.password);
    await u.getByRole('button', { name: /log in|sign in/i }).click();
    await u
      .getByText(/suspended/i)
      .first()
      .waitFor();
    expect(new URL(u.url()).pathname).toBe('/login');
  });

  it('shows Access Denied on /admin to a non-admin', async () => {
    const b = await openBrowser({ width: 390, height: 844 });
    try {
      await apiSignUp(b.page, uniqueName('e2e_plain'));
      await b.page.goto(`${server.url}/admin`);
      await b.page.getByText('Access Denied').waitFor();
      await b.page.getByText("You don't have permission to access the admin dashboard.").waitFor();
      await b.page.goto(`${server.url}/admin/support`);
      await b.page.waitForURL(`${server.url}/dashboard`);
    } finally {
      await b.close();
    }
  });
});
