import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-zod-resolver';

describe('lazyZodResolver', () => {
  it('loads the schema once and reports its messages and parsed values like zodResolver', async () => {
    let loads = 0;
    const schema = z.object({ name: z.string().trim().min(3, 'Too short') });
    const resolver = lazyZodResolver<{ name: string }>(async () => {
      loads += 1;
      return schema;
    });
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof resolver>[2];
    const bad = await resolver({ name: 'ab' }, undefined, options);
    expect(bad.errors.name?.message).toBe('Too short');
    const good = await resolver({ name: '  ada  ' }, undefined, options);
    expect(good.values).toEqual({ name: 'ada' });
    expect(loads).toBe(1);
  });
});
