import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@web/components/ui/toaster';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { TRAINING_POLL_MS } from '@web/lib/query-keys';
import { GeneratePage } from './generate-page';

// these tests are about the page; the select's own loading is tested in components/ui/select.test.tsx

const baseModels = [
  { id: 'b-dev', name: 'FLUX.1 Dev', description: '', tokenCost: 15, isDefault: true },
  { id: 'b-fast', name: 'FLUX.1 Schnell', description: '', tokenCost: 10, isDefault: false },
];
const models = [
  { id: 'm-ready', name: 'Me ready', status: 'ready' },
  { id: 'm-train', name: 'Me training', status: 'training' },
];
const styles = [
  { id: 's-anime', name: 'Anime', description: '', tokenCost: 40, isNSFW: false, previewImageUrl: null },
];

function image(i: number) {
  return {
    id: `img-${i}`,
    imageUrl: `/files/u/u1/images/img-${i}.jpg`,
    thumbnailUrl: `/files/u/u1/images/img-${i}.thumb.webp`,
    width: 1024,
    height: 1024,
    prompt: 'a cat',
    negativePrompt: '',
    tokensUsed: 30,
    isNSFW: false,
    createdAt: new Date().toISOString(),
    modelId: null,
    modelName: null,
    styleId: null,
    styleName: null,
    baseModelId: 'b-dev',
    baseModelName: 'FLUX.1 Dev',
    seed: i,
    generationId: 'g1',
  };
}

function setup(
  route = '/generate',
  generate?: (body: any) => { status?: number; body?: unknown },
  opts: { cachedModels?: unknown[]; serverModels?: () => unknown[] } = {},
) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ tokenBalance: 1000 }) });
  if (opts.cachedModels) client.setQueryData(['/api/models'], opts.cachedModels);
  const fetches = mockFetch({
    'GET /api/base-models': { body: baseModels },
    'GET /api/models': () => ({ body: opts.serverModels ? opts.serverModels() : models }),
    'GET /api/preset-styles': { body: styles },
    'GET /api/auth/user': { body: { user: makeUser({ tokenBalance: 880 }) } },
    'POST /api/generate-image': ({ body }) => generate?.(body) ?? { status: 500, body: { error: 'boom' } },
  });
  renderWithProviders(
    <>
      <GeneratePage />
      <Toaster />
    </>,
    { client, route },
  );
  return fetches;
}

// jsdom has no ResizeObserver; Radix's popper (the Select menus) measures with one
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('GeneratePage', () => {
  it('keeps a prompt over 3,000 characters whole, counts it and says why Generate is off', async () => {
    setup();
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    await userEvent.click(prompt);
    await userEvent.paste('a'.repeat(3005));
    expect((prompt as HTMLTextAreaElement).value).toHaveLength(3005);
    expect(screen.getByText('3005 / 3000 characters: shorten the prompt by 5 to generate.')).toBeTruthy();
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: /Generate$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('preselects a ready model and a style from the URL and prices the stack', async () => {
    setup('/generate?modelId=m-ready&preset=s-anime');
    // (15 + 40) × 2 (HD) × 4 images
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('440 tokens'));
    expect(screen.getByText('Model weight')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Your Model' }).textContent).toContain('Me ready');
    expect(screen.getByRole('combobox', { name: 'Preset style' }).textContent).toContain('Anime');
  });

  it('chooses the model from the link although the cached list still says training', async () => {
    // the list cached while the model trained; the server now says ready
    setup('/generate?modelId=m-ready', undefined, {
      cachedModels: [{ id: 'm-ready', name: 'Me ready', status: 'training' }],
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Your Model' }).textContent).toContain('Me ready'),
    );
    expect(within(screen.getByTestId('chosen-model')).getByText('Me ready')).toBeTruthy();
    expect(screen.getByText('Model weight')).toBeTruthy();
    expect(screen.queryByTestId('no-model-hint')).toBeNull();
  });

  it('says a model from the link is still training, and chooses it once a later read says ready', async () => {
    // the list is read again on the model page's rhythm: the test moves the clock, not waits for it
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'training';
    setup('/generate?modelId=m-new', undefined, {
      serverModels: () => [...models, { id: 'm-new', name: 'Fresh', status }],
    });
    await screen.findByText('Fresh is still training… it will be chosen here as soon as it is ready.');
    expect(screen.getByRole('combobox', { name: 'Your Model' }).textContent).toContain('None');
    // owning a ready model and choosing none: said before paying
    expect(screen.getByTestId('no-model-hint').textContent).toContain('No personal model chosen');
    status = 'ready';
    await act(() => vi.advanceTimersByTimeAsync(TRAINING_POLL_MS));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Your Model' }).textContent).toContain('Fresh'),
    );
    expect(screen.queryByTestId('model-notice')).toBeNull();
  });

  it('says when the model in the link is not among the user’s models', async () => {
    setup('/generate?modelId=m-gone');
    await screen.findByText('The model in the link was not found among your models.');
  });

  it('shows in the field the number of images that will be generated', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    const count = screen.getByLabelText('Number of images') as HTMLInputElement;
    await userEvent.clear(count);
    await userEvent.type(count, '11');
    expect(count.value).toBe('10');
    await userEvent.clear(count);
    await userEvent.type(count, '15');
    expect(count.value).toBe('10');
    expect(screen.getByTestId('generator-cost').textContent).toBe('300 tokens');
    await userEvent.clear(count);
    await userEvent.tab();
    expect(count.value).toBe('10');
  });

  it('titles a 402 "Insufficient tokens"', async () => {
    setup('/generate', () => ({
      status: 402,
      body: {
        error: 'You need 120 tokens to generate 4 image(s). Current balance: 20.',
        code: 'INSUFFICIENT_TOKENS',
      },
    }));
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a dog');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('You need 120 tokens to generate 4 image(s). Current balance: 20.');
    expect(screen.getByText('Insufficient tokens')).toBeTruthy();
    // the four failed cards say so; no toast does
    expect(screen.getAllByText('Generation failed')).toHaveLength(4);
  });

  it('keeps the seed to digits within what the server accepts, and sends it as an integer', async () => {
    const fetches = setup();
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    await userEvent.click(screen.getByRole('switch', { name: 'Use a fixed seed' }));
    const seed = screen.getByRole('textbox', { name: 'Seed' });
    // the field starts with a random seed; start from empty so the typed digits alone decide the result
    await userEvent.clear(seed);
    await userEvent.type(seed, '99x99999999');
    expect((seed as HTMLInputElement).value).toBe('2147483647');
    await userEvent.clear(seed);
    await userEvent.type(seed, '42');
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a cat');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(fetches.calls.some((c) => c.method === 'POST')).toBe(true));
    expect((fetches.calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>).seed).toBe(42);
  });

  it('asks for a prompt before anything is sent', async () => {
    const fetches = setup();
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('Prompt required');
    expect(screen.getByText('Please enter a prompt to describe what you want to generate.')).toBeTruthy();
    expect(fetches.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the spec body, fills the placeholders and remembers them per user', async () => {
    const fetches = setup('/generate', (body) => ({
      body: {
        id: 'img-0',
        generationId: 'g1',
        status: 'succeeded',
        imageUrl: image(0).imageUrl,
        isNSFW: false,
        additionalImageUrls: [],
        additionalNSFWFlags: [],
        images: [0, 1, 2, 3].map(image),
        requested: body.count,
        tokensUsed: 120,
        balance: 880,
      },
    }));
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a cat');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const grid = await screen.findByRole('list', { name: 'Generated images' });
    await waitFor(() => expect(grid.querySelectorAll('li[data-status="completed"]').length).toBe(4));
    const post = fetches.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      prompt: 'a cat',
      baseModelId: 'b-dev',
      modelId: null,
      styleId: null,
      count: 4,
      width: 1024,
      height: 1024,
      hdEnabled: true,
      loraStrength: 1,
      calculatedTokenCost: 120,
    });
    expect((post.body as Record<string, unknown>).seed).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('generatedImages_u1')!)).toHaveLength(4);
    expect(JSON.parse(localStorage.getItem('generatorFormData_u1')!).prompt).toBe('a cat');
    await screen.findByText('Images generated');
  });

  it('marks every placeholder failed and shows the server text when generation fails', async () => {
    setup('/generate', () => ({
      status: 502,
      body: { error: 'The provider is down. Your 120 tokens have been refunded.', code: 'GENERATION_FAILED' },
    }));
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a dog');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('The provider is down. Your 120 tokens have been refunded.');
    const grid = screen.getByRole('list', { name: 'Generated images' });
    expect(within(grid).getAllByText('Generation failed')).toHaveLength(4);
  });

  it('makes the size choice one tab stop that the arrow keys move', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    const square = screen.getByRole('radio', { name: /Square/ });
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0)).toEqual([square]);
    square.focus();
    await userEvent.keyboard('{ArrowRight}');
    const portrait = screen.getByRole('radio', { name: /Portrait 9:16/ });
    expect(portrait.getAttribute('aria-checked')).toBe('true');
    expect(document.activeElement).toBe(portrait);
    expect(portrait.textContent).toContain('1152×2048');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Custom/ }));
    expect(screen.getByLabelText('Width')).toBeTruthy();
  });

  it('rounds and clamps custom sizes on blur and steps by 64', async () => {
    setup();
    await waitFor(() => expect(screen.getByTestId('generator-cost').textContent).toBe('120 tokens'));
    await userEvent.click(screen.getByRole('radio', { name: /Custom/ }));
    const width = screen.getByLabelText('Width') as HTMLInputElement;
    await userEvent.clear(width);
    await userEvent.type(width, '5000');
    await userEvent.tab();
    expect(width.value).toBe('2048');
    await userEvent.click(screen.getByRole('button', { name: 'Decrease width' }));
    expect(width.value).toBe('1984');
    await userEvent.click(screen.getByRole('switch', { name: 'HD (double resolution)' }));
    expect(width.value).toBe('1024');
  });
});
