import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { photoFiles } from './models-support';

// Issue 22: the subject attestation before the first photo, the face-analysis choice asked once and
// changed in Settings → Privacy, and the Privacy page reading the schedule from the configuration.
let photoDir: string;

const e2e = useServerAndBrowser({ PHOTO_RETENTION_DAYS: '21' });

beforeAll(async () => {
  photoDir = await mkdtemp(path.join(os.tmpdir(), 'lora-e2e-privacy-'));
});
afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

const privacyOf = async (page: Page) =>
  (await (await page.request.get(`${e2e.server.url}/api/user/privacy`)).json()).privacy as {
    faceAnalysis: boolean;
    faceAnalysisAt: string | null;
  };

async function faceAnalysisFlow(page: Page) {
  await signUp(page, e2e.server.url);
  await page.goto(`${e2e.server.url}/models/create`);
  const prompt = page.getByRole('heading', { name: 'May we analyse the faces in your photos?' });
  await prompt.waitFor();
  await expect.poll(() => page.getByText(/\(21 days after the model is ready\)/).count()).toBe(1);
  await page.getByRole('button', { name: 'No, skip face analysis' }).click();
  await prompt.waitFor({ state: 'detached' });
  expect(await privacyOf(page)).toMatchObject({ faceAnalysis: false, faceAnalysisAt: expect.any(String) });

  await page.goto(`${e2e.server.url}/settings?tab=privacy`);
  const toggle = page.getByRole('switch', { name: 'Allow face analysis of my training photos' });
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
  await expect.poll(() => toggle.isDisabled()).toBe(false);
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
  expect((await privacyOf(page)).faceAnalysis).toBe(true);
  await toggle.press('Space');
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
  expect((await privacyOf(page)).faceAnalysis).toBe(false);
}

describe('consent in the browser', () => {
  it('asks who is in the photos before the drop zone, and records it with the new model', async () => {
    const { page } = e2e.browser;
    await signUp(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/models/create`);
    await page.getByLabel('Model Name').fill('Attested in the browser');
    const input = page.getByTestId('image-input');
    expect(await input.isDisabled()).toBe(true);
    const attest = page.getByRole('checkbox', { name: /These are photos of me/ });
    await attest.check();
    expect(await input.isDisabled()).toBe(false);
    await input.setInputFiles(await photoFiles(photoDir, 5, 7));
    await expect
      .poll(() => page.getByRole('list', { name: 'Selected images' }).getByRole('listitem').count())
      .toBe(5);
    await page.getByRole('button', { name: 'Create Model' }).click();
    await page.waitForURL(/\/models\/[0-9a-f-]{36}$/, { timeout: 90_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const model = await (await page.request.get(`${e2e.server.url}/api/models/${id}`)).json();
    expect(model.subjectConsentAt).toEqual(expect.any(String));
    expect(model.imageCount).toBe(5);
  }, 90_000);

  it('asks once about face analysis, then the switch in Settings → Privacy changes it', async () => {
    // a second person, in a browser of their own
    const other = await openBrowser();
    try {
      await faceAnalysisFlow(other.page);
    } finally {
      await other.close();
    }
  }, 90_000);

  it('shows the retention schedule from the configuration on the Privacy page', async () => {
    const { page } = e2e.browser;
    await page.goto(`${e2e.server.url}/privacy`);
    const schedule = page.getByTestId('retention-schedule');
    await schedule.waitFor();
    expect(await schedule.textContent()).toContain('deleted 21 days after your model is ready');
    expect(await page.getByTestId('processors').textContent()).toBe('None: everything stays on this server.');
  }, 60_000);
});
