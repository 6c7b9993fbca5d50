import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { DashboardPage } from './dashboard-page';

const now = Date.now();
const models = [
  {
    id: 'm1',
    name: 'Summer look',
    description: null,
    status: 'ready',
    previewImageUrl: null,
    createdAt: new Date(now - 2 * 3600_000).toISOString(),
  },
  {
    id: 'm2',
    name: 'Office',
    description: null,
    status: 'processing',
    previewImageUrl: null,
    createdAt: new Date(now).toISOString(),
  },
  { id: 'm3', name: 'Beach', description: null, status: 'failed', previewImageUrl: null, createdAt: null },
  { id: 'm4', name: 'Fourth', description: null, status: 'pending', previewImageUrl: null, createdAt: null },
];
const styles = [
  {
    id: 's1',
    name: 'Noir',
    description: 'Black and white film',
    previewImageUrl: null,
    isNSFW: false,
    tokenCost: 50,
  },
  {
    id: 's2',
    name: 'Boudoir',
    description: 'Adult style',
    previewImageUrl: '/files/p.png',
    isNSFW: true,
    tokenCost: 70,
  },
];

function renderDashboard(overrides: { models?: unknown[]; nsfw?: boolean } = {}) {
  const user = makeUser({ enableNSFW: overrides.nsfw ?? false, enableNsfw: overrides.nsfw ?? false });
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user });
  const fetches = mockFetch({
    'GET /api/models': { body: overrides.models ?? models },
    'GET /api/preset-styles': { body: styles },
  });
  renderWithProviders(<DashboardPage />, { client, route: '/dashboard' });
  return fetches;
}

describe('DashboardPage', () => {
  afterEach(cleanup);

  it('lists the first 3 models with dashboard status labels and links', async () => {
    const { calls } = renderDashboard({ nsfw: true });
    const section = (await screen.findByText('Summer look')).closest('section')!;
    expect(within(section).getByText('Ready to use')).toBeTruthy();
    expect(within(section).getByText('Training in progress')).toBeTruthy();
    expect(within(section).getByText('Training failed')).toBeTruthy();
    expect(within(section).queryByText('Fourth')).toBeNull();
    expect(within(section).getByText('Created 2 hours ago')).toBeTruthy();
    expect(within(section).getByText('Created unknown time')).toBeTruthy();
    expect(within(section).getByText('SU')).toBeTruthy();
    expect(
      within(section).getByRole('link', { name: 'Generate Images with Summer look' }).getAttribute('href'),
    ).toBe('/generate?modelId=m1');
    expect(
      within(section).getByRole('link', { name: 'View Details of Summer look' }).getAttribute('href'),
    ).toBe('/models/m1');
    expect(within(section).getByRole('link', { name: /Create New Model/ })).toBeTruthy();
    expect(screen.queryByText(/Welcome to LoRA Studio/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/preset-styles?showNsfw=true')).toBe(true);
  });

  it("offers each model's next step, as My Models does: images only for a ready one (issue 45 N9)", async () => {
    renderDashboard({
      models: [
        { ...models[0]!, id: 'p', name: 'New', status: 'pending' },
        { ...models[0]!, id: 'u', name: 'Photos in', status: 'uploaded' },
        { ...models[0]!, id: 't', name: 'Busy', status: 'training' },
      ],
    });
    const section = (await screen.findByText('Busy')).closest('section')!;
    expect(within(section).queryByRole('link', { name: /^Generate Images/ })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Upload Photos for New' }).getAttribute('href')).toBe(
      '/models/p/upload',
    );
    expect(within(section).getByRole('link', { name: 'Start Training Photos in' }).getAttribute('href')).toBe(
      '/models/u',
    );
    // training: nothing to do but wait; its details say how it goes
    expect(
      within(section)
        .getAllByRole('link', { name: /Busy/ })
        .map((l) => l.textContent),
    ).toEqual(['View Details']);
  });

  it('greets a returning user with "Welcome back" and a new account with "Welcome" (issue 45 C4)', async () => {
    renderDashboard();
    expect(await screen.findByText('Welcome back, ann_1.')).toBeTruthy();
    cleanup();
    renderDashboard({ models: [] });
    expect(await screen.findByText(/Welcome to LoRA Studio/)).toBeTruthy();
    expect(screen.getByText('Welcome, ann_1.')).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('shows the welcome banner and empty state when there are no models', async () => {
    renderDashboard({ models: [] });
    expect(await screen.findByText("You haven't created any models yet.")).toBeTruthy();
    expect(screen.getByText(/Welcome to LoRA Studio/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Your First Model' }).getAttribute('href')).toBe(
      '/models/create',
    );
    expect(screen.getByRole('link', { name: 'Learn how it works' }).getAttribute('href')).toBe(
      '/#how-it-works',
    );
    expect(screen.queryByRole('link', { name: /Create New Model/ })).toBeNull();
  });

  it('blurs NSFW presets until revealed and can hide them again', async () => {
    renderDashboard({ nsfw: true });
    expect(await screen.findByText('No preview')).toBeTruthy();
    expect(screen.getByText('50 tokens')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Use Style Noir' }).getAttribute('href')).toBe(
      '/generate?styleId=s1',
    );
    expect(screen.getByText('NSFW')).toBeTruthy();
    expect(screen.getByText('This preset contains NSFW content')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /View Content/ }));
    expect(screen.queryByText('This preset contains NSFW content')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide sensitive content' }));
    expect(screen.getByText('This preset contains NSFW content')).toBeTruthy();
  });
});
