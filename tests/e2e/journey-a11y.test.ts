import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, setThemeMode } from './support/axe';
import { logIn, openBrowser, signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { createModelInBrowser, generateOneInBrowser, grantTokensOffline, photoFiles } from './models-support';

// The axe sweep over every signed-in page a person with a trained model sees, light and dark, and the
// admin pages their journey fills (upload logs, a ticket). Its own file, apart from the journey of
// tests/e2e/personal-model.test.ts, so that the two run side by side (docs/decisions/030-test-speed.md).
const e2e = useServerAndBrowser({ OFFLINE_TRAIN_SECONDS: '2', OFFLINE_HOST_SECONDS: '1' });
const MODEL_NAME = 'E2E Journey';

// issue 10 also asks for card titles that keep the heading outline (axe rates these "moderate")
const OUTLINE_RULES = ['heading-order', 'page-has-heading-one'];

let photoDir: string;
beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), 'lora-e2e-journey-'));
  // a person with tokens and a trained model: every page below has something of theirs to show
  const { page } = e2e.browser;
  const { username } = await signUp(page, e2e.server.url);
  await grantTokensOffline(e2e.server, username, 500);
  const files = await photoFiles(photoDir, 6, 1300);
  await createModelInBrowser(page, e2e.server.url, MODEL_NAME, files);
  await page.getByRole('button', { name: 'Start Training' }).click();
  await page.getByText('Ready to Use').first().waitFor({ timeout: 90_000 });
  await page.getByRole('main').getByRole('link', { name: 'Generate Images' }).first().click();
  await page.getByTestId('chosen-model').getByText(MODEL_NAME).waitFor();
  await generateOneInBrowser(page, 'me, on every page');
});
afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

describe('the signed-in journey is axe-clean', () => {
  // The sweep's pages and the records they show, made once for both modes.
  let journey: Promise<[string, string][]> | null = null;
  async function journeyPages(): Promise<[string, string][]> {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/tokens/purchase`);
    await page.getByRole('link', { name: 'Purchase Now: Starter' }).click();
    await page.waitForURL(/\/tokens\/checkout\?packageId=/);
    const checkout = new URL(page.url());
    const models = (await (await page.request.get(`${e2e.server.url}/api/models`)).json()) as {
      id: string;
    }[];
    const packages = (await (await page.request.get(`${e2e.server.url}/api/token-packages`)).json()) as {
      id: string;
      isDiscounted: boolean;
    }[];
    const studio = packages.find((p) => p.isDiscounted)!;
    // a ticket, so Support (and the admin's Support Management) show ticket cards too
    const ticket = await page.request.post(`${e2e.server.url}/api/support/tickets`, {
      data: { subject: 'My model looks odd', message: 'The images do not look like me.', priority: 'medium' },
      headers: { origin: e2e.server.url },
    });
    expect(ticket.status()).toBe(201);
    return [
      ['/dashboard', 'Dashboard'],
      ['/models', 'My Models'],
      ['/models/create', 'Create a New Model'],
      [`/models/${models[0].id}`, MODEL_NAME],
      ['/tokens/purchase', 'Purchase Tokens'],
      [`${checkout.pathname}${checkout.search}`, 'Complete Your Purchase'],
      // a discounted package adds its badge to the summary
      [`/tokens/checkout?packageId=${studio.id}`, 'Complete Your Purchase'],
      [`/generate?modelId=${models[0].id}`, 'Generate Images'],
      ['/gallery', 'Gallery'],
      ['/billing-history', 'Billing History'],
      ['/support', 'Support'],
      ['/settings', 'Settings'],
    ];
  }

  // one test per mode, so each has the whole test timeout for its twelve pages on a busy machine
  it.each(['light', 'dark'] as const)(
    'has no serious or critical axe violations on the signed-in journey in %s mode',
    async (mode) => {
      const { page } = e2e.browser;
      const pages = await (journey ??= journeyPages());
      const found: string[] = [];
      await setThemeMode(page, mode);
      for (const [url, heading] of pages) {
        await page.goto(`${e2e.server.url}${url}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await page.title(), url).toContain(heading);
        await page.waitForLoadState('networkidle');
        for (const v of await seriousViolations(page, OUTLINE_RULES))
          found.push(
            `${mode} ${url}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.slice(0, 3).join(' | ')}`,
          );
        if (url.startsWith('/tokens/checkout')) {
          // the checkout summary's secondary text holds 4.5:1 on every site theme variant's surfaces too
          for (const variant of ['tint', 'vibrant']) {
            await page.evaluate((v) => (document.documentElement.dataset.variant = v), variant);
            for (const v of await seriousViolations(page))
              found.push(
                `${mode}/${variant} ${url}: ${v.id} ${v.help} → ${v.targets.slice(0, 3).join(' | ')}`,
              );
          }
        }
      }
      expect(found).toEqual([]);
    },
  );
});

describe('the admin side of the same journey', () => {
  it('axe-clean admin pages light and dark; at 360 px the upload logs scroll inside their own box', async () => {
    const admin = await openBrowser({ width: 360, height: 800 });
    try {
      const { page } = admin;
      await logIn(page, e2e.server.url, e2e.server.admin.username, e2e.server.admin.password);
      await page.goto(`${e2e.server.url}/admin/upload-logs`);
      await page.getByRole('table').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await page.setViewportSize({ width: 1280, height: 900 });
      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await setThemeMode(page, mode);
        for (const url of ['/admin', '/admin/support', '/admin/upload-logs']) {
          await page.goto(`${e2e.server.url}${url}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          for (const v of await seriousViolations(page, OUTLINE_RULES))
            found.push(
              `${mode} ${url}: ${v.id} (${v.impact}) ${v.help} → ${v.targets.slice(0, 3).join(' | ')}`,
            );
        }
      }
      expect(found).toEqual([]);
    } finally {
      await admin.close();
    }
  }, 90_000);
});
