import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHOTO_PROBLEM_HELP } from '@shared/photo-checks';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { ModelDetailsPage } from './model-details-page';

// The verdicts of the offline photo checks on the model page (decision 020).
const verdicts = [null, null, null, 'no_face', 'several_people', 'blurry'] as const;
const images = verdicts.map((verdict, i) => ({
  id: `i${i}`,
  imageUrl: `/files/u/x/${i}.jpg`,
  previewImageUrl: `/files/u/x/${i}.webp`,
  check: { status: 'checked', verdict, problems: verdict ? [verdict] : [] },
}));
const model = (over: Record<string, unknown> = {}) => ({
  id: 'm1',
  userId: 'u1',
  name: 'Summer look',
  description: '',
  status: 'uploaded',
  previewImageUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  trainingImages: images,
  imageCount: images.length,
  photoChecks: { pending: 0, passing: 3, flagged: 3 },
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
const status = {
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
};

function renderPage(m: ReturnType<typeof model>, extra: Parameters<typeof mockFetch>[0] = {}) {
  const client = createTestQueryClient();
  const user = makeUser({ tokenBalance: 500 });
  client.setQueryData(['/api/auth/user'], { user });
  const fetches = mockFetch({
    'GET /api/auth/user': { body: { user } },
    'GET /api/models/m1': { body: m },
    'GET /api/models/m1/training-status': { body: status },
    'GET /api/config': { body: { engines: { training: 'offline' } } },
    ...extra,
  });
  renderWithProviders(<ModelDetailsPage />, { client, route: '/models/m1', path: '/models/:id' });
  return fetches;
}

describe('photo check verdicts on the model page', () => {
  afterEach(cleanup);

  it('labels each thumbnail, explains each problem in one sentence, and removes the flagged in one click', async () => {
    const fetches = renderPage(model(), {
      'POST /api/models/m1/images/remove-flagged': {
        body: { success: true, removed: 3, model: model({ trainingImages: images.slice(0, 3) }) },
      },
    });
    const panel = await screen.findByTestId('photo-checks');
    expect(within(panel).getByText('3 photos may hurt your model')).toBeTruthy();
    for (const p of ['no_face', 'several_people', 'blurry'] as const)
      expect(within(panel).getByText(PHOTO_PROBLEM_HELP[p])).toBeTruthy();

    const badges = screen.getAllByTestId('photo-check');
    expect(badges).toHaveLength(6);
    expect(badges[0].textContent).toBe('Passed the checks');
    expect(badges[3].textContent).toContain('No face found');
    expect(badges[3].getAttribute('title')).toBe(PHOTO_PROBLEM_HELP.no_face);
    expect(badges[4].textContent).toContain('Several people');
    expect(badges[5].textContent).toContain('Blurry');

    await userEvent.click(within(panel).getByRole('button', { name: 'Remove flagged photos (3)' }));
    await waitFor(() =>
      expect(
        fetches.calls.some((c) => c.method === 'POST' && c.path === '/api/models/m1/images/remove-flagged'),
      ).toBe(true),
    );
  });

  it('asks before training when fewer than 5 photos pass, and trains on "Train anyway"', async () => {
    const fetches = renderPage(model(), {
      'POST /api/models/m1/train': { body: { success: true, message: 'Training started', model: model() } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start Training' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Only 3 of your 6 photos passed the photo checks/)).toBeTruthy();
    expect(fetches.calls.some((c) => c.path === '/api/models/m1/train')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Train anyway' }));
    await waitFor(() =>
      expect(fetches.calls.some((c) => c.method === 'POST' && c.path === '/api/models/m1/train')).toBe(true),
    );
  });

  it('returns focus to Start Training on Escape, and takes "Review photos" to the flagged photos', async () => {
    renderPage(model());
    const start = await screen.findByRole('button', { name: 'Start Training' });
    await userEvent.click(start);
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(start);

    await userEvent.click(start);
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review photos' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('photo-checks'));
  });

  it('starts training at once when enough photos pass, and says the photos are being checked', async () => {
    const pending = images.map((img) => ({
      ...img,
      check: { status: 'pending', verdict: null, problems: [] },
    }));
    renderPage(
      model({
        trainingImages: [...images.slice(0, 3), ...pending.slice(3)],
        photoChecks: { pending: 3, passing: 3, flagged: 0 },
      }),
    );
    expect(await screen.findByText('Checking your photos…')).toBeTruthy();
    expect(screen.getAllByText('Checking')).toHaveLength(3);
    cleanup();

    const fetches = renderPage(
      model({
        trainingImages: images.slice(0, 3).concat(images.slice(0, 3).map((i) => ({ ...i, id: `${i.id}b` }))),
        photoChecks: { pending: 0, passing: 6, flagged: 0 },
      }),
      {
        'POST /api/models/m1/train': { body: { success: true, message: 'Training started', model: model() } },
      },
    );
    expect(screen.queryByTestId('photo-checks')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Training' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() =>
      expect(fetches.calls.some((c) => c.method === 'POST' && c.path === '/api/models/m1/train')).toBe(true),
    );
  });
});
