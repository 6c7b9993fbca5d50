import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, openBrowser, signUp, uniqueName } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';

// The product's default (ADMIN_2FA=required), on `localhost`: WebAuthn refuses an IP address as the
// relying party, so the passkey tests need a host name (docs/decisions/056-second-factor.md).
const e2e = useServerAndBrowser({ ADMIN_2FA: 'required' }, { host: 'localhost' });

/** The authenticator app: the code of the step `offsetSteps` from now (each code is taken only once). */
function appCode(secret: string, offsetSteps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

/** Settings → Security: set up the authenticator app; answers its secret and the backup codes shown once. */
async function enrolTotp(page: Page, password: string) {
  if (!page.url().includes('tab=security')) await page.goto(`${e2e.server.url}/settings?tab=security`);
  await page.locator('#totp-start-password').fill(password);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect
    .poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).count())
    .toBe(1);
  const secret = await page.getByLabel('Setup key', { exact: true }).inputValue();
  await page.getByLabel('Code from the app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Backup codes' });
  await list.waitFor();
  const backupCodes = await list.getByRole('listitem').allTextContents();
  expect(backupCodes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return { secret, backupCodes };
}

async function passwordStep(page: Page, username: string, password: string) {
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
}

describe('second factor in the browser', () => {
  it('sends an admin with no second factor to enrol before the admin panel opens', async () => {
    const { page, close } = await openBrowser();
    try {
      const { username, password } = e2e.server.admin;
      await logIn(page, e2e.server.url, username, password);
      await page.goto(`${e2e.server.url}/admin`);
      await page.waitForURL(/\/settings\?tab=security/);
      await page.getByText('Admins must use two-factor authentication').waitFor();
      await enrolTotp(page, password);
      await page.goto(`${e2e.server.url}/admin`);
      await page.getByRole('heading', { name: /admin/i }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin');
    } finally {
      await close();
    }
  });

  it('enrols TOTP, signs in with a code, and with a backup code when the phone is lost', async () => {
    const username = uniqueName('totp');
    let secret = '';
    let backupCodes: string[] = [];
    const first = await openBrowser({ width: 360, height: 740 });
    try {
      const { password } = await signUp(first.page, e2e.server.url, username);
      ({ secret, backupCodes } = await enrolTotp(first.page, password));
      await first.page.getByText('10 of 10 backup codes left').waitFor();
    } finally {
      await first.close();
    }

    const laptop = await openBrowser();
    try {
      await passwordStep(laptop.page, username, 'Harbor-Lamp-42');
      // the enrolment took this step's code: the next step's is the one the app shows a moment later
      await laptop.page.getByLabel('Authentication code').fill(appCode(secret, 1));
      await laptop.page.getByRole('button', { name: 'Verify' }).click();
      await laptop.page.waitForURL(`${e2e.server.url}/dashboard`);
    } finally {
      await laptop.close();
    }

    const lost = await openBrowser();
    try {
      await passwordStep(lost.page, username, 'Harbor-Lamp-42');
      await lost.page.getByRole('button', { name: 'Use a backup code' }).click();
      await lost.page.getByLabel('Backup code').fill(backupCodes[0]!);
      await lost.page.getByRole('button', { name: 'Verify' }).click();
      await lost.page.waitForURL(`${e2e.server.url}/dashboard`);
      // the activity lists both sign-ins and the enrolment
      await lost.page.goto(`${e2e.server.url}/settings?tab=security`);
      const activity = lost.page.getByRole('list', { name: 'Security activity' });
      await activity.getByText('Signed in with password + backup code').waitFor();
      await activity.getByText('Authenticator app turned on').waitFor();
      await lost.page.getByText('9 of 10 backup codes left').waitFor();
    } finally {
      await lost.close();
    }
  });

  it('adds a passkey with a virtual authenticator and signs in with it alone', async () => {
    const { page, context, close } = await openBrowser();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      const username = uniqueName('pk');
      const { password } = await signUp(page, e2e.server.url, username);
      await page.goto(`${e2e.server.url}/settings?tab=security`);
      await page.getByLabel('Passkey name').fill('Test laptop');
      await page.locator('#passkey-password').fill(password);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const keys = page.getByRole('list', { name: 'Passkeys' });
      await keys.getByText('never used').waitFor();
      expect(await keys.getByLabel('Name').inputValue()).toBe('Test laptop');

      // signed out, the passkey alone signs in (the authenticator keeps the credential)
      await context.clearCookies();
      await page.goto(`${e2e.server.url}/login`);
      await page.getByRole('button', { name: 'Continue with a passkey' }).click();
      await page.waitForURL(`${e2e.server.url}/dashboard`);
      await page.goto(`${e2e.server.url}/settings?tab=security`);
      await page
        .getByRole('list', { name: 'Security activity' })
        .getByText('Signed in with passkey')
        .waitFor();
    } finally {
      await close();
    }
  });
});
