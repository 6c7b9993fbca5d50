import { describe, expect, it } from 'vitest';
import { LIKENESS_MIDPOINT, NOT_THE_PERSON_DISTANCE, likenessOrNone, likenessScore } from './likeness-score';

describe('likenessScore', () => {
  it('maps the same person (distance < 0.45) above 60 and other people (> 0.55) below 40', () => {
    expect(likenessScore(0)).toBe(100);
    expect(likenessScore(0.1)).toBe(100);
    expect(likenessScore(0.3)).toBeGreaterThanOrEqual(95);
    expect(likenessScore(0.45)).toBeGreaterThan(60);
    expect(likenessScore(LIKENESS_MIDPOINT)).toBe(50);
    expect(likenessScore(0.55)).toBeLessThan(40);
    expect(likenessScore(0.7)).toBeLessThanOrEqual(5);
    expect(likenessScore(1.2)).toBe(0);
  });

  it('never rises with the distance and stays an integer in 0–100', () => {
    let last = 101;
    for (let d = 0; d <= 1.5; d += 0.01) {
      const s = likenessScore(d);
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeLessThanOrEqual(last);
      expect(s).toBeGreaterThanOrEqual(0);
      last = s;
    }
  });

  it("gives someone else's face no score at all (decision 022, issue 23)", () => {
    expect(likenessOrNone(0.3)).toBe(likenessScore(0.3));
    expect(likenessOrNone(NOT_THE_PERSON_DISTANCE - 0.01)).toBeGreaterThan(0);
    expect(likenessOrNone(NOT_THE_PERSON_DISTANCE)).toBeNull();
    expect(likenessOrNone(0.874)).toBeNull();
  });

  it('refuses a distance that is not one', () => {
    expect(() => likenessScore(-0.1)).toThrow(RangeError);
    expect(() => likenessScore(Number.NaN)).toThrow(RangeError);
  });
});
