import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestQueryClient, mockFetch, renderWithProviders } from '@web/testing/render';
import { makeUser } from '@web/testing/fixtures';
import { resetToasts, useToast } from '@web/components/ui/use-toast';
import { UploadLogsPage } from './upload-logs-page';

function Toasts() {
  const { toasts } = useToast();
  return (
    <ul data-testid="toasts">
      {toasts.map((t) => (
        <li key={t.id}>
          {t.title} - {t.description}
        </li>
      ))}
    </ul>
  );
}

const log = (over: Record<string, unknown>) => ({
  id: 'l1',
  modelId: 'm1',
  status: 'success',
  message: 'Model successfully deployed',
  errorDetails: null,
  airName: 'lorastudio:1@1',
  retryCount: 0,
  createdAt: '2025-01-01T10:00:00Z',
  model: { name: 'Summer look', user: { username: 'ann_1' } },
  ...over,
});

function renderPage(retry: { status?: number; body?: unknown } = { body: { success: true } }) {
  const client = createTestQueryClient();
  client.setQueryData(['/api/auth/user'], { user: makeUser({ isAdmin: true }) });
  const fetches = mockFetch({
    'GET /api/admin/models/upload-logs': {
      body: {
        uploadLogs: [
          log({}),
          log({
            id: 'l2',
            modelId: 'm2',
            status: 'failed',
            airName: null,
            retryCount: 5,
            message: null,
            errorDetails: 'Could not download',
          }),
        ],
        stats: { total: 2, pending: 0, processing: 0, success: 1, failed: 1 },
      },
    },
    'POST /api/models/m2/reupload': retry,
  });
  renderWithProviders(
    <>
      <UploadLogsPage />
      <Toasts />
    </>,
    { client, route: '/admin/upload-logs' },
  );
  return fetches;
}

describe('UploadLogsPage', () => {
  afterEach(() => {
    cleanup();
    resetToasts();
  });

  it('shows stats, rows with retries out of 5, View on success and Retry on failed rows', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('Monitor and troubleshoot model uploads to Runware')).toBeTruthy();
    // the table shows placeholder rows while the first page loads: wait for a row
    const table = (await screen.findByText('5 / 5')).closest('table')!;
    expect(screen.getByTestId('stat-total').textContent).toBe('2');
    expect(screen.getByTestId('stat-failed').textContent).toBe('1');
    expect(within(table).getByText('5 / 5')).toBeTruthy();
    expect(within(table).getByText('0 / 5')).toBeTruthy();
    expect(within(table).getByText('Not set')).toBeTruthy();
    expect(within(table).getByText('No message')).toBeTruthy();
    expect(within(table).getByText('Could not download')).toBeTruthy();
    const view = within(table).getByRole('link', { name: /View/ });
    expect(view.getAttribute('href')).toBe('/models/m1');
    expect(view.getAttribute('target')).toBe('_blank');
    await userEvent.click(within(table).getByRole('button', { name: 'Retry upload of Summer look' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/models/m2/reupload')).toBe(true),
    );
    await userEvent.type(screen.getByLabelText('Search upload logs'), 'ann');
    await vi.waitFor(() => expect(calls.some((c) => c.path.includes('search=ann'))).toBe(true));
  });

  it('reports a failed retry as Failed to start re-upload: {message}', async () => {
    renderPage({
      status: 409,
      body: {
        error: 'An upload is already running',
        message: 'An upload is already running',
        code: 'CONFLICT',
      },
    });
    const table = (await screen.findByText('5 / 5')).closest('table')!;
    await userEvent.click(within(table).getByRole('button', { name: 'Retry upload of Summer look' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('toasts').textContent).toContain(
        'Error - Failed to start re-upload: An upload is already running',
      ),
    );
  });
});
