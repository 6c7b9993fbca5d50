import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, setThemeMode } from './support/axe';
import { logIn, openBrowser, signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { grantTokensOffline, photoFiles } from './models-support';

// Issue 10: the personal model must reach the generator, on the main path and from a stale cache.
let photoDir: string;

// Trainings last 12 s: the cached-list case below must open the generator while its model still trains,
// which 3 s did not leave room for on a busy CI machine.
const e2e = useServerAndBrowser({ OFFLINE_TRAIN_SECONDS: '12', OFFLINE_HOST_SECONDS: '1' });

beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), 'lora-e2e-personal-'));
});
afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

const balance = async (page: Page) =>
  (await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json()).user.tokenBalance as number;

async function createModel(page: Page, name: string, seed: number) {
  await page.goto(`${e2e.server.url}/models/create`);
  await page.getByLabel('Model Name').fill(name);
  const files = await photoFiles(photoDir, 6, seed);
  await page.getByRole('checkbox', { name: /These are photos of me/ }).check();
  await page.getByTestId('image-input').setInputFiles(files);
  await expect
    .poll(() => page.getByRole('list', { name: 'Selected images' }).getByRole('listitem').count())
    .toBe(6);
  await page.getByRole('button', { name: 'Create Model' }).click();
  await page.waitForURL(/\/models\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function modelStatus(page: Page, id: string) {
  return ((await (await page.request.get(`${e2e.server.url}/api/models/${id}`)).json()) as { status: string })
    .status;
}

/** A client-side navigation (what a link does): the query cache survives, unlike page.goto. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((url) => {
    window.history.pushState({}, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

// issue 10 also asks for card titles that keep the heading outline (axe rates these "moderate")
const OUTLINE_RULES = ['heading-order', 'page-has-heading-one'];

const yourModel = (page: Page) => page.getByRole('combobox', { name: 'Your Model' });

async function generateOne(page: Page, prompt: string) {
  await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill(prompt);
  await page.getByLabel('Number of images').fill('1');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const card = page.getByRole('list', { name: 'Generated images' }).locator('li[data-status="completed"]');
  await expect.poll(() => card.count(), { timeout: 90_000 }).toBe(1);
  return card.first();
}

describe('a personal model reaches the generator', () => {
  let modelId = '';
  const modelName = 'E2E Myself';

  it('create → buy → train → ready → Generate Images → chosen → generate → gallery names the model', async () => {
    const { page } = e2e.browser;
    const { username } = await signUp(page, e2e.server.url);
    // WCAG 2.5.3: the user menu's name contains the username it shows
    await page.getByRole('button', { name: `User menu for ${username}`, exact: true }).waitFor();
    modelId = await createModel(page, modelName, 1100);

    // buy the Starter package with the offline card: 50 + 500
    await page.goto(`${e2e.server.url}/tokens/purchase`);
    await page.getByRole('link', { name: 'Purchase Now: Starter' }).click();
    await page.waitForURL(/\/tokens\/checkout\?packageId=/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.getByText('Payment Successful').first().waitFor();
    await expect.poll(() => balance(page)).toBe(550);

    // back to the model (through the app: the lists stay cached), train it, wait on the page for ready
    await navigateInApp(page, `/models/${modelId}`);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText('Training in Progress').first().waitFor();
    await page.getByText('Ready to Use').first().waitFor({ timeout: 90_000 });
    const spent = 550 - (await balance(page));
    expect(spent).toBeGreaterThan(0);

    await page.getByRole('main').getByRole('link', { name: 'Generate Images' }).first().click();
    await page.waitForURL(`${e2e.server.url}/generate?modelId=${modelId}`);
    await expect.poll(() => yourModel(page).textContent()).toContain(modelName);
    const chosen = page.getByTestId('chosen-model');
    await chosen.getByText(modelName).waitFor();
    await page.getByRole('slider', { name: 'Model weight' }).waitFor();
    expect(await page.getByTestId('no-model-hint').count()).toBe(0);

    const card = await generateOne(page, 'a portrait of me on a mountain top');
    expect(await card.getByTestId('card-model').textContent()).toBe(`Model: ${modelName}`);

    await page.goto(`${e2e.server.url}/gallery`);
    const tile = page.getByRole('list', { name: 'Your images' }).locator('li').first();
    await tile.hover();
    await tile.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Image Details' });
    await dialog.getByText('a portrait of me on a mountain top').waitFor();
    await dialog.getByText(modelName).waitFor();
    expect(await dialog.getByText('None', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // with the model chosen by hand set back to None, the page says so before paying
    await page.goto(`${e2e.server.url}/generate`);
    await yourModel(page).click();
    await page.getByRole('option', { name: 'None' }).click();
    await page.getByTestId('no-model-hint').getByText('No personal model chosen').waitFor();
  });

  it('opens /generate?modelId= while the list is cached from the training phase', async () => {
    const { page } = e2e.browser;
    await page.context().clearCookies();
    const { username } = await signUp(page, e2e.server.url);
    await grantTokensOffline(e2e.server, username, 500);
    const id = await createModel(page, 'E2E Cached', 1200);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText('Training in Progress').first().waitFor();

    // the generator opened while training: it says so instead of choosing None (the list is now cached)
    await navigateInApp(page, `/generate?modelId=${id}`);
    expect(await modelStatus(page, id)).not.toBe('ready');
    await page
      .getByText('E2E Cached is still training… it will be chosen here as soon as it is ready.')
      .waitFor();
    expect(await yourModel(page).textContent()).toContain('None');

    // leave for a page that does not read the models, and let the training finish meanwhile
    await page.getByRole('link', { name: 'Gallery' }).first().click();
    await page.waitForURL(`${e2e.server.url}/gallery`);
    await expect.poll(() => modelStatus(page, id), { timeout: 90_000, interval: 500 }).toBe('ready');

    // back through the app: the cached list still says "training"; the fresh read chooses the model
    await navigateInApp(page, `/generate?modelId=${id}`);
    await page.getByRole('heading', { name: 'Generate Images' }).waitFor();
    // the fresh read on mount, not the next 10 s training poll (TRAINING_POLL_MS)
    await expect.poll(() => yourModel(page).textContent(), { timeout: 8_000 }).toContain('E2E Cached');
    await page.getByTestId('chosen-model').getByText('E2E Cached').waitFor();
    expect(await page.getByTestId('model-notice').count()).toBe(0);

    const card = await generateOne(page, 'me, in a cached world');
    expect(await card.getByTestId('card-model').textContent()).toBe('Model: E2E Cached');
  });

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
      [`/models/${models[0].id}`, 'E2E Cached'],
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
