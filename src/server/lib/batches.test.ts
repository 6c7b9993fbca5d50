import { describe, expect, it } from 'vitest';
import { deleteInBatches } from './batches';

describe('deleteInBatches', () => {
  it('asks for full batches until one comes back short, and answers the total', async () => {
    let left = 23;
    const asked: number[] = [];
    const total = await deleteInBatches(10, async (limit) => {
      asked.push(limit);
      const n = Math.min(limit, left);
      left -= n;
      return n;
    });
    expect(total).toBe(23);
    expect(asked).toEqual([10, 10, 10]);
  });

  it('stops after one empty batch when there is nothing to delete', async () => {
    let calls = 0;
    expect(await deleteInBatches(5, async () => (calls++, 0))).toBe(0);
    expect(calls).toBe(1);
  });
});
