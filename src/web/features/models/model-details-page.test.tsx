import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { ModelDetailsPage } from './model-details-page';

const images = Array.from({ length: 11 }, (_, i) => ({
  id: `i${i}`,
  imageUrl: `/files/u/x/${i}.jpg`,
  previewImageUrl: `/files/u/x/${i}.webp`,
}));
const model = (over: Record<string, unknown> = {}) => ({
  id: 'm1',
  userId: 'u1',
  name: 'Summer look',
  description: 'Beach',
  status: 'uploaded',
  previewImageUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  trainingImages: images,
  imageCount: images.length,
  zipUrl: null,
  replicateTrainingId: null,
  replicateModelId: null,
  runwareAirName: null,
  promptModifier: '',
  triggerWord: 'ZQABC',
  processingStatus: null,
  trainingProvider: null,
  trainingError: null,
  ...over,
});
const status = (over: Record<string, unknown> = {}) => ({
  trainingStatus: null,
  raw_status: null,
  progress: null,
  logs: '',
  error: null,
  cancelUrl: null,
  streamUrl: null,
  getUrl: '/api/models/m1/training-status',
  completed_at: null,
  phaseCompleted: 1,
  uploadStatus: null,
  processingStatus: null,
  readyStatus: null,
  runwareUploadStatus: { status: null },
  model: { status: 'uploaded', runwareAirName: null },
  ...over,
});

function renderPage(m: ReturnType<typeof model>, s: ReturnType<typeof status>, user = makeUser()) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user });
  const fetches = mockFetch({
    'GET /api/models/m1': { body: m },
    'GET /api/models/m1/training-status': { body: s },
    'GET /api/config': { body: { engines: { training: 'offline' } } },
  });
  renderWithProviders(<ModelDetailsPage />, {
    client,
    route: '/models/m1',
    path: '/models/:id',
    routes: [{ path: '/support', element: <p>Support page</p> }],
  });
  return fetches;
}

describe('ModelDetailsPage', () => {
  afterEach(cleanup);

  it('disables Start Training below 150 tokens with the spec text; grid shows 8 then +N more / Show less', async () => {
    renderPage(model(), status(), makeUser({ tokenBalance: 120 }));
    const start = await screen.findByRole('button', { name: 'Start Training' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText(/Insufficient tokens\. Please purchase more tokens to start training\./),
    ).toBeTruthy();
    expect(screen.getByText('Images Uploaded')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: /Training image/ })).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: '+3 more' }));
    expect(screen.getAllByRole('img', { name: /Training image/ })).toHaveLength(11);
    // the pressed button is gone: focus lands on the first revealed image, and back on "+N more"
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Open training image 9' }));
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getAllByRole('img', { name: /Training image/ })).toHaveLength(8);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '+3 more' }));
    expect(screen.getByRole('link', { name: /Add More/ }).getAttribute('href')).toBe('/models/m1/upload');
    expect(screen.getByRole('list', { name: 'Model progress' })).toBeTruthy();
    // section titles sit one level under the model's h1
    expect(screen.getByRole('heading', { level: 2, name: 'Start Training' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Training Images (11)' })).toBeTruthy();
  });

  it('calls Train Model the next step, not in progress, until training starts', async () => {
    renderPage(model(), status(), makeUser({ tokenBalance: 500 }));
    const steps = await screen.findByRole('list', { name: 'Model progress' });
    const train = within(steps)
      .getByText(/Train Model/)
      .closest('li')!;
    await waitFor(() => expect(train.textContent).toContain('(next step)'));
    expect(steps.textContent).not.toContain('(in progress)');
    cleanup();
    renderPage(
      model({ status: 'training' }),
      status({ model: { status: 'training', runwareAirName: null } }),
      makeUser({ tokenBalance: 500 }),
    );
    const running = await screen.findByRole('list', { name: 'Model progress' });
    await waitFor(() =>
      expect(
        within(running)
          .getByText(/Train Model/)
          .closest('li')!.textContent,
      ).toContain('(in progress)'),
    );
  });

  it('shows training progress with the last log lines and a cancel button', async () => {
    const logs =
      ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `line ${x}`).join('\n') +
      '\nflux_train_replicate:  45%|████▌     | 450/1000 [00:10<00:12, 40.1it/s]';
    renderPage(
      model({ status: 'training' }),
      status({ model: { status: 'training', runwareAirName: null }, logs, progress: 45 }),
      makeUser({ tokenBalance: 500 }),
    );
    expect(await screen.findByText('45%')).toBeTruthy();
    const log = screen.getByLabelText('Training log');
    expect(log.textContent).toContain('450/1000');
    expect(log.textContent).not.toContain('line a');
    expect(screen.getByRole('button', { name: 'Cancel Training' })).toBeTruthy();
    expect(screen.getByText('Training in Progress', { selector: 'span' })).toBeTruthy();
  });

  it('announces the real progress at 0 % though the bar shows a sliver', async () => {
    renderPage(
      model({ status: 'training' }),
      status({ model: { status: 'training', runwareAirName: null }, progress: 0 }),
    );
    expect(await screen.findByText('0%')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Training progress' });
    expect(bar.getAttribute('aria-valuetext')).toBe('0%');
  });

  it('failed model: Contact Support opens the support form with the model chosen', async () => {
    renderPage(
      model({ status: 'failed', trainingError: 'GPU lost' }),
      status({ model: { status: 'failed', runwareAirName: null }, error: 'GPU lost' }),
    );
    // the reason is a sentence of its own, with its full stop
    expect(
      await screen.findByText('GPU lost. The tokens for this training have been refunded.', { exact: false }),
    ).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Contact Support' }));
    expect(await screen.findByText('Support page')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('/support?modelId=m1');
  });

  it('ready model: AIR id, Generate Images link and the prompt modifier editor', async () => {
    renderPage(
      model({ status: 'ready', runwareAirName: 'offline:m1@1', promptModifier: 'soft light' }),
      status({ model: { status: 'ready', runwareAirName: 'offline:m1@1' }, phaseCompleted: 4 }),
    );
    expect(await screen.findByTestId('air-id')).toBeTruthy();
    expect(screen.getByTestId('air-id').textContent).toBe('offline:m1@1');
    for (const link of screen.getAllByRole('link', { name: 'Generate Images' }))
      expect(link.getAttribute('href')).toBe('/generate?modelId=m1');
    expect(screen.getByText('soft light')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Model progress' })).toBeNull();
  });

  it('ready model trained on the GPU: its training samples, with steps, from the model detail', async () => {
    renderPage(
      model({
        status: 'ready',
        trainingProvider: 'ai-toolkit',
        trainingSamples: [
          { url: '/files/u/x/models/m1/samples/0-step-1500.jpg', step: 1500 },
          { url: '/files/u/x/models/m1/samples/1-step-1500.jpg', step: 1500 },
        ],
      }),
      status({ model: { status: 'ready', runwareAirName: null }, phaseCompleted: 4 }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Training samples' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Training sample 2, step 1500' }).getAttribute('src')).toBe(
      '/files/u/x/models/m1/samples/1-step-1500.jpg',
    );
    expect(screen.getAllByText('Step 1500')).toHaveLength(2);
  });

  it('load failure shows the spec texts', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: makeUser() });
    mockFetch({});
    renderWithProviders(<ModelDetailsPage />, { client, route: '/models/m1', path: '/models/:id' });
    expect(await screen.findByText('Error Loading Model')).toBeTruthy();
    expect(screen.getByText('Failed to load model details.')).toBeTruthy();
  });
});
