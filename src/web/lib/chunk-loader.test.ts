import { describe, expect, it, vi } from 'vitest';
import { chunkLoader } from './chunk-loader';

describe('chunkLoader', () => {
  it('downloads once however often it is asked, and then has the module at hand', async () => {
    const importer = vi.fn(async () => ({ name: 'menus' }));
    const chunk = chunkLoader(importer);
    expect(chunk.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([chunk.load(), chunk.load()]);
    expect(a).toBe(b);
    expect(chunk.loaded()).toBe(a);
    await chunk.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next ask', async () => {
    const importer = vi
      .fn<() => Promise<{ name: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ name: 'select' });
    const chunk = chunkLoader(importer);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeUndefined();
    expect(await chunk.load()).toEqual({ name: 'select' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
