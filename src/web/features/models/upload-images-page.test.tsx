import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBJECT_ATTESTATION } from '@shared/privacy-notices';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { UploadImagesPage } from './upload-images-page';

const model = {
  id: 'm1',
  userId: 'owner',
  name: 'Beach',
  description: '',
  status: 'uploaded',
  previewImageUrl: null,
  trainingImages: [],
  imageCount: 2,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
};

function renderPage(userId: string, isAdmin = false, extra: Record<string, unknown> = {}) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ id: userId, isAdmin }) });
  mockFetch({ 'GET /api/models/m1': { body: { ...model, ...extra } } });
  renderWithProviders(<UploadImagesPage />, {
    client,
    route: '/models/m1/upload',
    path: '/models/:id/upload',
  });
}

describe('UploadImagesPage', () => {
  afterEach(cleanup);

  it('lets the owner pick images and says how many more are needed', async () => {
    renderPage('owner');
    expect(await screen.findByRole('heading', { name: 'Upload Images for Beach' })).toBeTruthy();
    expect(screen.getByText('More images needed')).toBeTruthy();
    expect(screen.getByText('You need 3 more images to start training (at least 5 in total).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload 0 Images' })).toBeTruthy();
  });

  it("tells an admin on someone else's model that only the owner can add images", async () => {
    renderPage('admin1', true);
    expect(await screen.findByText('Cannot Upload Images')).toBeTruthy();
    expect(screen.getByText('Only the owner of this model can add images.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upload \d+ Image/ })).toBeNull();
  });

  it('asks who is in the photos before the drop zone, and opens it only once confirmed', async () => {
    renderPage('owner');
    const box = (await screen.findByLabelText(SUBJECT_ATTESTATION)) as HTMLInputElement;
    const input = screen.getByTestId('image-input') as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(input.disabled).toBe(true);
    // asked before the drop zone, in reading order
    expect(box.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(box);
    expect(input.disabled).toBe(false);
  });

  it('shows an earlier attestation instead of asking again', async () => {
    renderPage('owner', false, { subjectConsentAt: '2026-11-20T10:00:00.000Z' });
    expect(await screen.findByText(/You confirmed on/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect((screen.getByTestId('image-input') as HTMLInputElement).disabled).toBe(false);
  });
});
