import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { grantTokensOffline } from './models-support';

// The offline photo checks on screen, with the real face engine (decision 020) and licensed
// fixtures (tests/fixtures/README.md): six photos, about a second each.
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/faces');
const file = (name: string) => path.join(fixtures, `${name}.jpg`);

const e2e = useServerAndBrowser({ PHOTO_CHECKS: 'on' });

describe('photo checks in the browser', () => {
  it('shows each verdict, explains it, asks before training with few good ones, removes the flagged', async () => {
    const { page } = e2e.browser;
    const { username } = await signUp(page, e2e.server.url);
    await grantTokensOffline(e2e.server, username, 200);
    await page.goto(`${e2e.server.url}/models/create`);
    await page.getByLabel('Model Name').fill('Checked in the browser');
    const files = ['person-a-1', 'person-a-2', 'person-a-3', 'person-a-4', 'no-face', 'group'].map(file);
    await page.getByRole('checkbox', { name: /These are photos of me/ }).check();
    await page.getByTestId('image-input').setInputFiles(files);
    await expect
      .poll(() => page.getByRole('list', { name: 'Selected images' }).getByRole('listitem').count())
      .toBe(files.length);
    await page.getByRole('button', { name: 'Create Model' }).click();
    await page.waitForURL(/\/models\/[0-9a-f-]{36}$/, { timeout: 90_000 });

    // the page reads the model again until every photo is checked
    const panel = page.getByTestId('photo-checks');
    await panel.waitFor({ timeout: 150_000 });
    expect(await panel.textContent()).toContain('2 photos may hurt your model');
    expect(await panel.textContent()).toContain('We could not find a face in this photo');
    expect(await panel.textContent()).toContain('More than one person is in this photo');
    const badges = page.getByTestId('photo-check');
    expect(await badges.count()).toBe(6);
    const texts = await badges.allTextContents();
    expect(texts.filter((t) => t === 'Passed the checks')).toHaveLength(4);
    expect(texts[4]).toContain('No face found');
    expect(texts[5]).toContain('Several people');

    // four good photos are below five: the page asks before training (the server would not refuse)
    await page.getByRole('button', { name: 'Start Training' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Only 4 of your 6 photos passed the photo checks');
    await dialog.getByRole('button', { name: 'Review photos' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await panel.getByRole('button', { name: 'Remove flagged photos (2)' }).click();
    await expect.poll(() => page.getByRole('img', { name: /Training image/ }).count()).toBe(4);
    expect(await page.getByTestId('photo-checks').count()).toBe(0);
    expect(await page.getByTestId('photo-check').allTextContents()).toEqual(
      Array(4).fill('Passed the checks'),
    );
  });
});
