import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FACE_NOTICE } from '@shared/privacy-notices';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { FaceAnalysisCard } from './face-analysis-card';

const privacy = (faceAnalysis: boolean, at: string | null) => ({
  body: { privacy: { faceAnalysis, faceAnalysisAt: at, noticeVersion: at ? 'face-x' : null } },
});

describe('FaceAnalysisCard', () => {
  afterEach(cleanup);

  it('shows the notice with the retention from the configuration, and switches face analysis on', async () => {
    const { calls } = mockFetch({
      'GET /api/user/privacy': privacy(false, null),
      'PUT /api/user/privacy': privacy(true, '2026-11-26T10:00:00.000Z'),
      'GET /api/config': { body: { engines: {}, privacy: { photoRetentionDays: 12, processors: [] } } },
    });
    renderWithProviders(<FaceAnalysisCard />);
    const toggle = await screen.findByRole('switch', { name: 'Allow face analysis of my training photos' });
    await waitFor(() => expect(toggle.getAttribute('data-disabled')).toBeNull());
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Off: you have not been asked yet.')).toBeTruthy();
    expect(screen.getByText(FACE_NOTICE.what)).toBeTruthy();
    expect(await screen.findByText(FACE_NOTICE.until(12))).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ faceAnalysis: true });
  });
});
