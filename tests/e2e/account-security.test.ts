import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, openBrowser, signUp, uniqueName, type Browser } from './support/browser';
import { sharedServer, type TestServer } from './support/server';

let server: TestServer;
let phone: Browser;
let laptop: Browser;

beforeAll(async () => {
  server = await sharedServer();
  phone = await openBrowser({ width: 360, height: 740 });
  laptop = await openBrowser();
});
afterAll(async () => {
  await phone?.close();
  await laptop?.close();
  await server?.stop();
});

/** The newest outbox message to an address, read through the admin API as an operator would. */
async function latestMailTo(to: string) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.admin),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const res = await fetch(`${server.url}/api/admin/outbox?limit=50`, { headers: { cookie } });
  const messages = (await res.json()) as { to: string; subject: string; text: string }[];
  return messages.find((m) => m.to === to);
}

const overflow = (b: Browser) =>
  b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('account security in the browser', () => {
  it('changes the e-mail with the current password, lists sessions at 360 px, signs out everywhere else, and the old address undoes the change', async () => {
    const { page } = phone;
    const username = uniqueName('sec');
    const { password } = await signUp(page, server.url, username);
    // the undo link goes only to an address its owner verified (decision 028)
    const welcome = await latestMailTo(`${username}@example.com`);
    const verify = /(http\S+\/verify-email\?token=[\w-]+)/.exec(welcome!.text)![1];
    await page.goto(verify.replace(/^http:\/\/[^/]+/, server.url));
    await page.getByText('Email verified').waitFor();
    await logIn(laptop.page, server.url, username, password);

    await page.goto(`${server.url}/settings`);
    await page.getByLabel('Email').fill(`${username}_new@example.com`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByLabel('Current password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').first().waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(1);

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);
    await page.getByText('This device').waitFor();
    expect(await overflow(phone)).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('Signed out everywhere else').first().waitFor();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(1);
    await laptop.page.goto(`${server.url}/dashboard`);
    await laptop.page.waitForURL(`${server.url}/login`);

    const notice = await latestMailTo(`${username}@example.com`);
    expect(notice?.subject).toBe('The e-mail of your LoRA Studio account was changed');
    const link = /(http\S+\/revert-email-change\?token=[\w-]+)/.exec(notice!.text)![1];
    await laptop.page.goto(link.replace(/^http:\/\/[^/]+/, server.url));
    await laptop.page.getByText('Email restored').waitFor();
    // every session ended, the phone's too
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/login`);
    await logIn(page, server.url, username, password);
    await page.goto(`${server.url}/settings`);
    expect(await page.getByLabel('Email').inputValue()).toBe(`${username}@example.com`);
  });
});
