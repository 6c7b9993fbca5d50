import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { ModelsPage } from './models-page';
import { acceptFiles } from './components/image-picker';
import { neededText } from './upload-images-page';

const base = {
  userId: 'u1',
  previewImageUrl: null,
  trainingImages: [],
  imageCount: 0,
  createdAt: new Date().toISOString(),
};
const models = [
  { ...base, id: 'm1', name: 'Summer look', description: 'Beach photos', status: 'ready' },
  { ...base, id: 'm2', name: 'Office', description: 'Headshots', status: 'training' },
  { ...base, id: 'm3', name: 'Winter', description: '', status: 'failed' },
];

function renderPage(list: unknown[] = models) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser() });
  mockFetch({ 'GET /api/models': { body: list } });
  renderWithProviders(<ModelsPage />, { client, route: '/models' });
}

describe('ModelsPage', () => {
  afterEach(cleanup);

  it('counts tabs, shows list badges and offers Generate Images only for ready models', async () => {
    renderPage();
    expect(await screen.findByRole('tab', { name: 'All Models (3)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ready (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Training (1)' })).toBeTruthy();
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Generate Images with Summer look' }).getAttribute('href')).toBe(
      '/generate?modelId=m1',
    );
    expect(screen.queryByRole('link', { name: 'Generate Images with Office' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Details of Office' }).getAttribute('href')).toBe(
      '/models/m2',
    );
    // card titles follow the page's h1 without skipping a level
    expect(screen.getByRole('heading', { level: 2, name: 'Summer look' })).toBeTruthy();
  });

  it('searches name and description case-insensitively, with the empty-state texts', async () => {
    renderPage();
    const box = await screen.findByPlaceholderText('Search models...');
    await userEvent.type(box, 'HEADSHOT');
    expect(screen.getByRole('tab', { name: 'All Models (1)' })).toBeTruthy();
    await userEvent.clear(box);
    await userEvent.type(box, 'zzz');
    expect(screen.getByText('No models found')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create Your First Model' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Ready (0)' }));
    expect(await screen.findByText('No ready models found.')).toBeTruthy();
  });

  it('reads the list again on every visit, so a training that finished meanwhile shows as Ready', async () => {
    const client = createTestQueryClient();
    client.setQueryData(['/api/auth/user'], { user: makeUser() });
    client.setQueryData(['/api/models'], [{ ...models[1], status: 'training' }]);
    mockFetch({ 'GET /api/models': { body: [{ ...models[1], status: 'ready' }] } });
    renderWithProviders(<ModelsPage />, { client, route: '/models' });
    expect(await screen.findByRole('tab', { name: 'Ready (1)' })).toBeTruthy();
    expect(screen.getByText('Ready')).toBeTruthy();
  });

  it('shows the create button on an empty list', async () => {
    renderPage([]);
    expect(await screen.findByRole('link', { name: 'Create Your First Model' })).toBeTruthy();
  });
});

describe('image rules', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
  it('keeps valid files up to the cap (10 MB, JPG/PNG/WebP)', () => {
    const ok = acceptFiles(
      [],
      [
        file('a.jpg', 'image/jpeg', 10),
        file('b.gif', 'image/gif', 10),
        file('c.png', 'image/png', 11 * 1024 * 1024),
        file('d.webp', 'image/webp', 10),
      ],
      20,
    );
    expect(ok.map((f) => f.name)).toEqual(['a.jpg', 'd.webp']);
    const capped = acceptFiles(
      [],
      Array.from({ length: 5 }, (_, i) => file(`p${i}.jpg`, 'image/jpeg', 5)),
      3,
    );
    expect(capped).toHaveLength(3);
  });
  it('says how many more images are needed, singular or plural', () => {
    expect(neededText(1)).toBe('You need 1 more image to start training (at least 5 in total).');
    expect(neededText(3)).toBe('You need 3 more images to start training (at least 5 in total).');
  });
});
