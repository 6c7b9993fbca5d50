import { describe, expect, it, vi } from 'vitest';

describe('sharp loaded on first use (issue 27)', () => {
  it('is not loaded by importing it, and is configured when first called', async () => {
    // a module of its own: the unit files share one module registry per worker (vitest.config.ts), and
    // another file may have called sharp already
    vi.resetModules();
    const { sharp, sharpLoaded } = await import('./sharp');
    expect(sharpLoaded()).toBe(false);
    const png = await sharp({
      create: { width: 4, height: 3, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    expect(sharpLoaded()).toBe(true);
    expect((await sharp(png).metadata()).width).toBe(4);
    // the process-wide settings came with the load: no operation cache (issue 14)
    expect(sharp.cache().items.max).toBe(0);
    expect(sharp.concurrency()).toBeLessThanOrEqual(4);
    expect(sharp.strategy.attention).toBeDefined();
  });
});
