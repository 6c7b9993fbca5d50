import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { models } from '../../src/server/db/schema/index';
import { applyLedgerEntry } from '../../src/server/modules/tokens/ledger.service';
import { seriousViolations } from './support/axe';
import { signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';
import { withServerDatabase, type TestServer } from './support/server';

// Issue 26, part 1 and issue 45 N5: a pack's covers, buying it, its progress, the notification and
// its album page with "Download all". Its own server: a ready model and tokens are written into its
// database (withServerDatabase, which stops it on PGlite), as models-support.ts does.
const e2e = useServerAndBrowser({}, { own: true });

async function readyModelAndTokens(server: TestServer, username: string, tokens: number) {
  await withServerDatabase(server, async (db) => {
    const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) });
    if (!user) throw new Error(`no user ${username}`);
    const id = randomUUID();
    await db.insert(models).values({
      id,
      userId: user.id,
      name: 'Pack Model',
      status: 'ready',
      triggerWord: 'zxqperson',
      runwareAirName: `offline:${id}@1`,
      hostingProvider: 'offline',
    });
    await db.transaction((tx) =>
      applyLedgerEntry(tx, {
        userId: user.id,
        type: 'admin_adjustment',
        amount: tokens,
        idempotencyKey: `admin:${randomUUID()}`,
        description: 'e2e grant',
      }),
    );
  });
}

const balance = async (page: Page) =>
  (await (await page.request.get(`${e2e.server.url}/api/auth/user`)).json()).user.tokenBalance as number;

describe('photo packs', () => {
  it('buy a pack with a ready model, watch it progress, open its album page and download it all', async () => {
    const { page } = e2e.browser;
    const { username } = await signUp(page, e2e.server.url);
    await readyModelAndTokens(e2e.server, username, 100); // 50 at sign-up + 100

    await page.goto(`${e2e.server.url}/packs`);
    await page.getByRole('heading', { name: 'Photo Packs', level: 1 }).waitFor();
    const travel = page
      .getByRole('list', { name: 'Photo packs' })
      .getByRole('listitem')
      .filter({ hasText: 'Travel' });
    await expect.poll(() => travel.getByText('8 photos').count()).toBe(1);
    expect(await travel.getByText('120 tokens').count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Model' }).textContent()).toContain('Pack Model');
    // the cover: four sample pictures the offline engine drew of the pack (issue 45 N5), each loaded
    // and described, in a box whose shape does not change when they arrive
    const samples = travel.getByRole('img', { name: /^Sample from the Travel pack: / });
    await travel.scrollIntoViewIfNeeded();
    await expect.poll(() => samples.count(), { timeout: 30_000 }).toBe(4);
    await expect
      .poll(() =>
        samples.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth === 512),
        ),
      )
      .toBe(true);
    const box = await samples.first().evaluate((img) => {
      const r = img.parentElement!.getBoundingClientRect();
      return r.width / r.height;
    });
    expect(box).toBeCloseTo(4 / 3, 1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Generate pack: Travel', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect.poll(() => dialog.textContent()).toContain('for 120 tokens, charged once');
    expect(
      await dialog.getByRole('list', { name: 'Sample pictures of the Travel pack' }).getByRole('img').count(),
    ).toBe(4);
    await dialog.getByRole('button', { name: 'Generate for 120 tokens' }).click();

    const album = page.getByRole('link', { name: 'See your album' });
    await album.waitFor({ timeout: 60_000 });
    expect(await page.getByText('8 of 8 photos done').count()).toBe(1);
    // the track is filled: the drawn fill is as wide as the track (issue 45 N5)
    const bar = page.getByRole('progressbar', { name: 'Pack progress' });
    const widths = () =>
      bar.evaluate((el) => [
        el.getBoundingClientRect().width,
        el.firstElementChild!.getBoundingClientRect().width,
      ]);
    expect((await widths())[0]).toBeGreaterThan(0);
    // the fill grows with a short transition: polled until it has arrived
    await expect
      .poll(async () => {
        const [track, fill] = await widths();
        return Math.abs(track - fill) < 0.5;
      })
      .toBe(true);
    // the batch is in the URL: a reload keeps its panel and the way to the album
    expect(new URL(page.url()).searchParams.get('batch')).toMatch(/^[0-9a-f-]{36}$/);
    await page.reload();
    await album.waitFor();
    expect(await balance(page)).toBe(150 - 120);

    // the finish notification leads to the same album page
    const batchId = new URL(page.url()).searchParams.get('batch')!;
    const notes = await (await page.request.get(`${e2e.server.url}/api/notifications`)).json();
    expect(notes.notifications.map((n: { link: string }) => n.link)).toContain(`/gallery/albums/${batchId}`);

    await album.click();
    await page.waitForURL(`${e2e.server.url}/gallery/albums/${batchId}`);
    await page.getByRole('heading', { name: 'Travel pack', level: 1 }).waitFor();
    const images = page.getByRole('list', { name: 'Album photos' }).getByRole('listitem');
    await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(8);
    expect(await page.getByText('8 photos', { exact: true }).count()).toBe(1);
    // the page's address loads by itself too (a link in the finish mail)
    expect((await page.reload())?.status()).toBe(200);
    await expect.poll(() => images.count(), { timeout: 20_000 }).toBe(8);
    expect(await seriousViolations(page)).toEqual([]);
    // a photo opens in the gallery's viewer, which Escape closes
    await images.first().getByRole('button').first().click();
    const viewer = page.getByRole('dialog');
    await expect.poll(() => viewer.textContent()).toContain('1 / 8');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    // "Download all", reached by keyboard: one zip of the eight photos and their manifest
    const downloadAll = page.getByRole('button', { name: 'Download all' });
    await downloadAll.focus();
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const zip = Object.keys(unzipSync(new Uint8Array(Buffer.concat(chunks))));
    expect(zip.filter((f) => f.startsWith('images/'))).toHaveLength(8);
    expect(zip).toContain('manifest.json');
    // at 360 px the album keeps to the screen, in the dark theme too
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    // wait for the page to lay out at the new size (failed once, on a busy machine, read at once), and
    // for the app to follow the system into dark: its class arrives with a React update after the media
    // change, and axe measuring colours while it flips saw mixed themes (CI of stop 53)
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.documentElement.scrollWidth <= window.innerWidth &&
            document.documentElement.classList.contains('dark'),
        ),
      )
      .toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });

    // 30 tokens left: the dialog says so before any click and offers a top-up, not the charge (issue 45 N4)
    await page.goto(`${e2e.server.url}/packs`);
    await page.getByRole('button', { name: 'Generate pack: Travel', exact: true }).click();
    const short = page.getByRole('alertdialog');
    await expect
      .poll(() => short.getByRole('note').textContent())
      .toBe("This pack's 8 photos cost 120 tokens; your balance is 30, 90 short.");
    expect(await short.getByRole('button', { name: /^Generate for/ }).count()).toBe(0);
    await short.getByRole('link', { name: 'Top up' }).click();
    await page.waitForURL(`${e2e.server.url}/tokens/purchase`);
    expect(await balance(page)).toBe(30);

    // at 360 px the picker stays usable: no sideways scrolling
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${e2e.server.url}/packs`);
    await page.getByRole('button', { name: 'Generate pack: Travel', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
