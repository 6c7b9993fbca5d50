import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { mockFetch, renderWithProviders } from '@web/testing/render';
import { UpscalePanel } from './upscale-panel';

afterEach(cleanup);

function renderPanel(width: number, height: number) {
  const image = { id: 'img1', generationId: null, upscaledFrom: null, width, height } as GeneratedImageView;
  mockFetch({
    'GET /api/upscale-prices': {
      body: {
        prices: [
          { factor: 2, tokenCost: 10 },
          { factor: 4, tokenCost: 30 },
        ],
      },
    },
    'GET /api/generated-images/img1': { body: { ...image, upscales: [] } },
  });
  renderWithProviders(<UpscalePanel image={image} onOpenImage={() => {}} />);
}

describe('UpscalePanel', () => {
  it('says in visible words why ×4 is off, and the button points to them (issue 45 N6)', async () => {
    renderPanel(1088, 512);
    const x4 = await screen.findByRole('button', { name: /Upscale ×4 \(30 tokens\)/ });
    const x2 = screen.getByRole('button', { name: /Upscale ×2 \(10 tokens\)/ });
    await waitFor(() => expect((x2 as HTMLButtonElement).disabled).toBe(false));
    expect((x4 as HTMLButtonElement).disabled).toBe(true);
    expect(x4.getAttribute('title')).toBeNull();
    const reason = screen.getByText(/Upscale ×4 is not available: the copy would be over 4096 px a side/);
    expect(reason.textContent).toContain('1088 × 512 px');
    expect(x4.getAttribute('aria-describedby')).toBe(reason.id);
    expect(x2.getAttribute('aria-describedby')).toBeNull();
  });

  it('shows no reason when every factor fits', async () => {
    renderPanel(512, 512);
    const x4 = await screen.findByRole('button', { name: /Upscale ×4 \(30 tokens\)/ });
    await waitFor(() => expect((x4 as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(/is not available/)).toBeNull();
  });
});
