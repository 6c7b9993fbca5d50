import { describe, expect, it } from 'vitest';
import { costPerImage, totalCost } from './token-cost';

describe('token cost', () => {
  it('adds base and style cost and doubles for HD', () => {
    expect(
      costPerImage({ baseModelCost: 15, styleCost: 50, hdEnabled: false, width: 512, height: 512 }),
    ).toBe(65);
    expect(costPerImage({ baseModelCost: 15, styleCost: 50, hdEnabled: true, width: 512, height: 512 })).toBe(
      130,
    );
    expect(costPerImage({ baseModelCost: 15, hdEnabled: false, width: 1024, height: 576 })).toBe(30);
    expect(costPerImage({ hdEnabled: false, width: 512, height: 512 })).toBe(15);
  });
  it('multiplies by count', () => {
    expect(
      totalCost({ baseModelCost: 15, styleCost: 0, hdEnabled: true, width: 1024, height: 1024, count: 4 }),
    ).toBe(120);
  });
});
