import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { logIn, signUp } from './support/browser';
import { useServerAndBrowser } from './support/lifecycle';

// the admin gallery counts every user's images: a server of its own
const e2e = useServerAndBrowser({}, { own: true });

async function balance(): Promise<number> {
  return e2e.browser.page.evaluate(
    async () => (await (await fetch('/api/auth/user')).json()).user.tokenBalance as number,
  );
}

describe('generating images in the browser', () => {
  it('starts at Square HD × 4, blocks what 50 tokens cannot pay, generates 2 images and shows them in the gallery', async () => {
    const { page } = e2e.browser;
    await signUp(page, e2e.server.url);
    await page.goto(`${e2e.server.url}/generate`);
    await page.getByRole('heading', { name: 'Generate Images' }).waitFor();

    // docs/product/decisions.md §10: Square with HD on (1024×1024), 4 images; FLUX.1 Dev costs 15 → 15 × 2 × 4 = 120
    await expect.poll(() => page.getByTestId('generator-cost').textContent()).toBe('120 tokens');
    expect(await page.getByRole('radio', { name: /Square/ }).getAttribute('aria-checked')).toBe('true');
    expect(
      await page.getByRole('switch', { name: 'HD (double resolution)' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await page.getByLabel('Number of images').inputValue()).toBe('4');
    await page.getByText('You need 120 tokens to generate 4 image(s). Current balance: 50.').waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    expect(await balance()).toBe(50);

    // the image helper: a picture becomes a prompt; a non-image is refused
    const helper = page.locator('#image-helper-file');
    await helper.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Please select an image file (JPEG, PNG, etc.).').first().waitFor();
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#1e40af' } })
      .png()
      .toBuffer();
    await helper.setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Image analysis complete').first().waitFor();
    await page.getByRole('button', { name: 'Insert into prompt' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Prompt', exact: true }).inputValue())
      .toContain('colour palette');

    // 2 non-HD 512×512 images with FLUX.1 Schnell: (10) × 1 × 2 = 20
    await page.getByRole('switch', { name: 'HD (double resolution)' }).click();
    await page.getByLabel('Number of images').fill('2');
    await page.getByLabel('Base model').click();
    await page.getByRole('option', { name: /FLUX\.1 Schnell/ }).click();
    await page
      .getByRole('textbox', { name: 'Prompt', exact: true })
      .fill('a red lighthouse on a cliff at sunset');
    await expect.poll(() => page.getByTestId('generator-cost').textContent()).toBe('20 tokens');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const cards = page.getByRole('list', { name: 'Generated images' }).locator('li[data-status="completed"]');
    await expect.poll(() => cards.count(), { timeout: 90_000 }).toBe(2);
    await page.getByText('Images generated').first().waitFor();
    expect(await balance()).toBe(30);
    await expect.poll(() => page.getByTestId('generator-balance').textContent()).toContain('30');

    // infinite scroll, with pages of one image: the list's end is in reach, so the browser's
    // intersection observer asks for the second page (features/gallery/hooks/use-near-end.ts)
    const imageList = (url: URL) => url.pathname === '/api/generated-images';
    const cursors: string[] = [];
    await page.route(imageList, (route) => {
      const url = new URL(route.request().url());
      cursors.push(url.searchParams.get('cursor') ?? '');
      url.searchParams.set('limit', '1');
      return route.continue({ url: url.toString() });
    });
    await page.goto(`${e2e.server.url}/gallery`);
    const tiles = page.getByRole('list', { name: 'Your images' }).locator('li');
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByText("You've reached the end of your gallery!").waitFor();
    await page.unroute(imageList);
    // the first page, then the second after its cursor
    expect(cursors.filter((c) => c === '').length).toBeGreaterThanOrEqual(1);
    expect(cursors.filter((c) => c !== '').length).toBeGreaterThanOrEqual(1);
    await tiles.first().hover();
    await tiles.first().getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Image Details' });
    await dialog.getByText('512 × 512 px').waitFor();
    await dialog.getByText('FLUX.1 Schnell').waitFor();
    await dialog.getByText('a red lighthouse on a cliff at sunset').waitFor();
    expect(await dialog.getByText('Custom').count()).toBe(1);
    expect(await dialog.getByText('None').count()).toBe(1);
    await page.keyboard.press('Escape');

    // the full-screen preview counts and moves with the arrow keys
    await tiles
      .first()
      .getByRole('button', { name: /Open image/ })
      .click();
    await page.getByText('1 / 2').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText('2 / 2').waitFor();
    await page.keyboard.press('Escape');

    // more than the balance allows is refused with the spec's text, and nothing is charged
    await page.goto(`${e2e.server.url}/generate`);
    await page.getByLabel('Number of images').fill('4');
    await page.getByText('You need 40 tokens to generate 4 image(s). Current balance: 30.').waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);
    expect(await balance()).toBe(30);
  });
});

describe('admin image gallery', () => {
  it('lists every user’s images for an admin, in gallery and table views, with filters', async () => {
    const { page } = e2e.browser;
    await page.context().clearCookies();
    await logIn(page, e2e.server.url, e2e.server.admin.username, e2e.server.admin.password);
    await page.goto(`${e2e.server.url}/admin/image-gallery`);
    const tiles = page.getByRole('list', { name: 'Generated images' }).locator('li');
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByRole('tab', { name: 'Detailed View' }).click();
    await page
      .getByRole('cell', { name: /a red lighthouse/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByLabel('Size').click();
    await page.getByRole('option', { name: /HD/ }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No images found.').waitFor();
    const count = await page.evaluate(
      async () => (await (await fetch('/api/admin/generated-images/count')).json()).count as number,
    );
    expect(count).toBe(2);
  });
});

describe('a preset style, paid for', () => {
  it('generates 4 images with a style; cards, gallery, balance and billing rows follow the cost formula', async () => {
    const { page } = e2e.browser;
    await page.context().clearCookies();
    await signUp(page, e2e.server.url);

    // 50 sign-up tokens + the Starter package (offline card) = 550
    await page.goto(`${e2e.server.url}/tokens/purchase`);
    await page.getByRole('link', { name: 'Purchase Now: Starter' }).click();
    await page.waitForURL(/\/tokens\/checkout\?packageId=/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.getByText('Payment Successful').first().waitFor();
    await expect.poll(balance).toBe(550);

    // defaults (Square, HD, 4 images, FLUX.1 Dev 15) + Anime 40: (15 + 40) × 2 × 4 = 440
    await page.goto(`${e2e.server.url}/generate`);
    await page.getByRole('combobox', { name: 'Preset style' }).click();
    await page.getByRole('option', { name: /Anime/ }).click();
    await expect.poll(() => page.getByTestId('generator-cost').textContent()).toBe('440 tokens');
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a portrait on a rooftop garden');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const cards = page.getByRole('list', { name: 'Generated images' }).locator('li[data-status="completed"]');
    await expect.poll(() => cards.count(), { timeout: 90_000 }).toBe(4);
    expect(await balance()).toBe(110);
    await expect.poll(() => page.getByTestId('generator-balance').textContent()).toContain('110');

    // the same request again is more than the balance: the spec's text, nothing charged
    await page.getByText('You need 440 tokens to generate 4 image(s). Current balance: 110.').waitFor();
    expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(true);

    await page.goto(`${e2e.server.url}/gallery`);
    const tiles = page.getByRole('list', { name: 'Your images' }).locator('li');
    await expect.poll(() => tiles.count()).toBe(4);
    await tiles.first().hover();
    await tiles.first().getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Image Details' });
    await dialog.getByText('Anime').first().waitFor();
    await dialog.getByText('1024 × 1024 px').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.server.url}/billing-history`);
    await page.getByRole('heading', { name: 'Billing History' }).waitFor();
    await page.getByText('Image generation: 4 image(s)').waitFor();
    await page.getByText('-440 tokens').waitFor();
    await page.getByText('+500 tokens').waitFor();
    await page.getByText('+50 tokens').waitFor();
    expect(await balance()).toBe(110);
  });
});
