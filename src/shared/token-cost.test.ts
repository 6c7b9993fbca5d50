import { describe, expect, it } from 'vitest';
import { costPerImage, pricePerToken, totalCost } from './token-cost';

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
  it('prices per 100 tokens, precisely enough to compare packages', () => {
    expect(pricePerToken(999, 100)).toBe('$9.99 per 100 tokens');
    expect(pricePerToken(800, 1000)).toBe('$0.80 per 100 tokens');
    // both were "$0.01 per token"
    expect(pricePerToken(999, 1000)).toBe('$0.999 per 100 tokens');
    expect(pricePerToken(4499, 5000)).toBe('$0.900 per 100 tokens');
    expect(pricePerToken(100, 0)).toBe('$0.00 per 100 tokens');
  });
});
