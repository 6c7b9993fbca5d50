import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { createModelInBrowser, grantTokensOffline, photoFiles } from './models-support';

let photoDir: string;

// long enough training to watch progress on the 10 s refresh
const e2e = useServerAndBrowser({ OFFLINE_TRAIN_SECONDS: '22', OFFLINE_HOST_SECONDS: '3' });

beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), 'lora-e2e-photos-'));
});
afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

const balance = async () =>
  (await (await e2e.browser.page.request.get(`${e2e.server.url}/api/auth/user`)).json()).user
    .tokenBalance as number;

const createModel = (name: string, files: string[]) =>
  createModelInBrowser(e2e.browser.page, e2e.server.url, name, files);

describe('custom models in the browser', () => {
  let modelId = '';

  it('creates a model with 6 photos, trains it with visible progress and logs, and ends ready with an AIR id', async () => {
    const { page } = e2e.browser;
    const { username } = await signUp(page, e2e.server.url);
    await grantTokensOffline(e2e.server, username, 300);
    const files = await photoFiles(photoDir, 6, 700);
    modelId = await createModel('E2E Portrait', files);
    await page.getByText('Model created').first().waitFor();
    await expect.poll(() => page.getByRole('img', { name: /Training image/ }).count()).toBe(6);

    // the dashboard offers the step this model needs, not images it cannot make yet (issue 45 N9)
    await page.goto(`${e2e.server.url}/dashboard`);
    const train = page.getByRole('link', { name: 'Start Training E2E Portrait' });
    await train.waitFor();
    expect(await page.getByRole('link', { name: /^Generate Images with/ }).count()).toBe(0);
    await train.click();
    await page.waitForURL(`${e2e.server.url}/models/${modelId}`);

    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText('Training started').first().waitFor();
    await page.getByText('Training in Progress').first().waitFor();
    expect(await balance()).toBe(200);
    // the 10 s refresh shows progress from the trainer's logs
    await expect
      .poll(
        async () =>
          Number(
            (
              await page
                .getByTestId('training-progress')
                .textContent({ timeout: 1000 })
                .catch(() => '0%')
            )?.replace('%', ''),
          ),
        { timeout: 40_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByLabel('Training log').textContent(), { timeout: 60_000 })
      .toContain('flux_train_replicate');

    await page.getByTestId('air-id').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('air-id').textContent()).toBe(`offline:${modelId}@1`);
    await page.getByText('Ready to Use').first().waitFor();
    const generate = page.getByRole('main').getByRole('link', { name: 'Generate Images' }).first();
    expect(await generate.getAttribute('href')).toBe(`/generate?modelId=${modelId}`);

    await page.goto(`${e2e.server.url}/models`);
    await page.getByRole('tab', { name: 'Ready (1)' }).waitFor();
    await page.goto(`${e2e.server.url}/dashboard`);
    await page.getByRole('link', { name: 'Generate Images with E2E Portrait' }).waitFor();
  }, 240_000);

  it('cancels a training and the refund shows in the balance', async () => {
    const { page } = e2e.browser;
    const files = await photoFiles(photoDir, 5, 800);
    await createModel('E2E Cancel', files);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText('Training in Progress').first().waitFor();
    expect(await balance()).toBe(50);
    await page.getByRole('button', { name: 'Cancel Training' }).click();
    await page.getByText('Training canceled').first().waitFor();
    await page.getByRole('button', { name: 'Start Training' }).waitFor();
    expect(await balance()).toBe(200);
    await expect.poll(() => page.getByTestId('token-balance').first().textContent()).toContain('200');
  }, 120_000);

  it('a training that fails is refunded, and Retry Training then takes it to ready', async () => {
    const { page } = e2e.browser;
    const files = await photoFiles(photoDir, 5, 900);
    const id = await createModel('E2E Retry', files);
    await expect.poll(() => page.getByRole('img', { name: /Training image/ }).count()).toBe(5);
    const userId = (await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json()).user
      .id as string;
    // the stored photos go missing (a storage mishap): the trainer finds none and the training fails for good
    const images = path.join(e2e.server.dataDir, 'files', 'u', userId, 'models', id, 'images');
    await rename(images, `${images}-away`);
    await page.getByRole('button', { name: 'Start Training' }).click();
    await page.getByText('Training in Progress').first().waitFor();
    expect(await balance()).toBe(50);
    await page.getByText('Training Failed').first().waitFor({ timeout: 90_000 });
    await page
      .getByText(/No training images found/)
      .first()
      .waitFor();
    expect(await balance()).toBe(200);

    await rename(`${images}-away`, images);
    await page.getByRole('button', { name: 'Retry Training' }).click();
    await page.getByText('Training in Progress').first().waitFor();
    expect(await balance()).toBe(50);
    await page.getByTestId('air-id').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('air-id').textContent()).toBe(`offline:${id}@1`);
    await page.getByText('Ready to Use').first().waitFor();
    expect(await balance()).toBe(50);
  }, 240_000);

  it("another user opening the model's URL sees an error", async () => {
    const other = await openBrowser();
    try {
      await signUp(other.page, e2e.server.url);
      await other.page.goto(`${e2e.server.url}/models/${modelId}`);
      await other.page.getByText('Error Loading Model').waitFor();
      await other.page.getByText('Failed to load model details.').waitFor();
      const res = await other.page.request.get(`${e2e.server.url}/api/models/${modelId}`);
      expect(res.status()).toBe(404);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('a refused photo keeps the selection, explains inline, and leaves no half-made model (issue 23)', async () => {
    const b = await openBrowser();
    try {
      const { page } = b;
      await signUp(page, e2e.server.url);
      const [good] = await photoFiles(photoDir, 1, 600);
      const fake = path.join(photoDir, 'notes.jpg');
      await writeFile(fake, 'hello, I am not an image at all'.repeat(20));
      await page.goto(`${e2e.server.url}/models/create`);
      await page.getByLabel('Model Name').fill('Half made');
      await page.getByRole('checkbox', { name: /These are photos of me/ }).check();
      await page.getByTestId('image-input').setInputFiles([good, fake]);
      await page.getByRole('button', { name: 'Create Model' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'no model was created' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('notes.jpg');
      expect(new URL(page.url()).pathname).toBe('/models/create');
      await page.getByRole('button', { name: 'Remove notes.jpg' }).waitFor();
      await page.getByRole('button', { name: `Remove ${path.basename(good)}` }).waitFor();
      const models = await (await page.request.get(`${e2e.server.url}/api/models`)).json();
      expect(models).toEqual([]);
    } finally {
      await b.close();
    }
  }, 60_000);
});
