import { describe, expect, it } from 'vitest';
import type { EngineNames } from '../../../shared/schemas/system';
import { liveProcessors } from './processors';

const offline: EngineNames = {
  training: 'offline',
  hosting: 'offline',
  images: 'offline',
  vision: 'offline',
  payments: 'offline',
  mail: 'outbox',
  storage: 'local',
};

describe('liveProcessors (decision 025)', () => {
  it('names none when every engine is offline', () => {
    expect(liveProcessors(offline)).toEqual([]);
  });

  it('names each live vendor once, and only Replicate and S3 as receiving photos', () => {
    const all = liveProcessors({
      training: 'replicate',
      hosting: 'runware',
      images: 'runware',
      vision: 'offline',
      payments: 'stripe',
      mail: 'smtp',
      storage: 's3',
    });
    expect(all.map((p) => p.name)).toEqual(['Replicate', 'Runware', 'Stripe', 'SMTP', 'S3']);
    expect(all.filter((p) => p.photos).map((p) => p.name)).toEqual(['Replicate', 'S3']);
    expect(all.find((p) => p.name === 'Runware')?.purpose).toBe(
      'Hosting your trained model, generating images',
    );
    for (const p of all) expect(p.retention.length).toBeGreaterThan(10);
  });

  it('names none with the self-hosted engines: ComfyUI is the operator’s own server', () => {
    expect(liveProcessors({ ...offline, hosting: 'comfyui', images: 'comfyui' })).toEqual([]);
  });

  it('lists Runware for captioning alone', () => {
    const [only] = liveProcessors({ ...offline, vision: 'runware' });
    expect(only).toMatchObject({ name: 'Runware', photos: false });
    expect(only.purpose).toMatch(/^Describing an image/);
  });
});
