import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Model } from '@shared/schemas/models';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { TrainingPhotosRetention } from './training-photos-retention';

const photo = (id: string) => ({
  id,
  imageUrl: `/f/${id}`,
  previewImageUrl: `/t/${id}`,
  width: 1,
  height: 1,
});
const model = {
  id: 'm1',
  userId: 'u1',
  name: 'Beach',
  status: 'ready',
  trainingImages: [photo('a'), photo('b')],
  photosDeletedAt: null,
} as unknown as Model;

describe('TrainingPhotosRetention', () => {
  afterEach(cleanup);

  it('deletes a ready model’s photos after the confirmation, with the schedule from the configuration', async () => {
    const { calls } = mockFetch({
      'GET /api/config': { body: { engines: {}, privacy: { photoRetentionDays: 9, processors: [] } } },
      'DELETE /api/models/m1/photos': { body: { success: true, deleted: 2, model } },
    });
    renderWithProviders(<TrainingPhotosRetention model={model} isOwner />);
    expect(await screen.findByText(/deleted automatically 9 days after/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my training photos now' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete the training photos?' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete photos' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/models/m1/photos')).toBe(true),
    );
  });

  it('says the photos are gone and the model keeps generating; nothing for someone else', () => {
    mockFetch({});
    renderWithProviders(
      <TrainingPhotosRetention
        model={{ ...model, trainingImages: [], photosDeletedAt: '2026-11-20T00:00:00.000Z' }}
        isOwner
      />,
    );
    expect(screen.getByText('Training photos deleted')).toBeTruthy();
    expect(screen.getByText(/keeps generating images/)).toBeTruthy();
    cleanup();
    renderWithProviders(<TrainingPhotosRetention model={model} isOwner={false} />);
    expect(screen.queryByRole('button', { name: 'Delete my training photos now' })).toBeNull();
  });
});
