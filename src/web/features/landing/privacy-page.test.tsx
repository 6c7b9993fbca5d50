import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import type { PrivacyConfig } from '@shared/schemas/system';
import { photoClaim } from './components/photo-claim';
import { PrivacyPage } from './privacy-page';

const replicate = {
  name: 'Replicate' as const,
  purpose: 'Training your model',
  data: 'Your training photos (as one zip)',
  retention: 'removed about an hour after the training',
  photos: true,
};
const privacy = (over: Partial<PrivacyConfig> = {}): PrivacyConfig => ({
  photoRetentionDays: 11,
  unusedModelPhotoDays: 4,
  exportLinkHours: 36,
  auditLogRetentionDays: 400,
  notificationRetentionDays: 90,
  deletedEmailRetentionDays: 200,
  backupRetentionDays: 9,
  processors: [],
  ...over,
});

describe('PrivacyPage', () => {
  afterEach(cleanup);

  it('shows the retention numbers and processors of the running configuration', async () => {
    mockFetch({ 'GET /api/config': { body: { engines: {}, privacy: privacy() } } });
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const schedule = await screen.findByTestId('retention-schedule');
    expect(schedule.textContent).toContain('deleted 11 days after your model is ready');
    expect(schedule.textContent).toContain('deleted 4 days after upload');
    expect(schedule.textContent).toContain('works for 36 hours');
    expect(schedule.textContent).toContain('kept 400 days');
    expect(schedule.textContent).toContain('read or not: deleted 90 days after they were sent');
    expect(schedule.textContent).toContain('for 200 days, so the same address gets no second welcome bonus');
    expect(screen.getByTestId('backup-retention').textContent).toBe(
      'Backups of the studio are deleted 9 days after they are taken. Anything deleted here, a deleted account included, can remain in the backups taken before the deletion for up to 9 days, then it is gone with them. Backups are read only to restore the studio after a failure.',
    );
    expect(screen.getByTestId('processors').textContent).toBe('None: everything stays on this server.');
  });

  it('with a self-hosted image server, says nothing leaves the operator’s own servers', async () => {
    mockFetch({
      'GET /api/config': {
        body: { engines: { hosting: 'comfyui', images: 'comfyui' }, privacy: privacy() },
      },
    });
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect((await screen.findByTestId('processors')).textContent).toBe(
      'None: nothing leaves the operator’s own servers (this site and its own image server).',
    );
  });

  it('names each live processor with what it receives and for how long', async () => {
    mockFetch({
      'GET /api/config': { body: { engines: {}, privacy: privacy({ processors: [replicate] }) } },
    });
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    const list = await screen.findByTestId('processors');
    expect(list.textContent).toContain('Replicate — Training your model.');
    expect(list.textContent).toContain('How long: removed about an hour after the training.');
  });
});

describe('photoClaim (the landing page promise)', () => {
  it('says "never shared" only when no processor receives photos, else names them', () => {
    const config = (p: PrivacyConfig) => ({
      engines: {} as never,
      privacy: p,
      vitalsSampleRate: 1,
      admin2fa: 'required' as const,
    });
    expect(photoClaim(config(privacy()))).toMatch(/never shared with third parties/);
    const named = photoClaim(config(privacy({ processors: [replicate] })));
    expect(named).not.toMatch(/never shared/);
    expect(named).toContain('Replicate (training your model; removed about an hour after the training)');
    expect(photoClaim(undefined)).not.toMatch(/never shared/);
  });
});
