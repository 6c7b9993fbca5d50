import { DEFAULT_BASE_MODEL_COST, HD_THRESHOLD } from './constants';

// Spec part 2 §9: (base cost + style cost) × 2 when HD or a side ≥ 1024, × count.
export function costPerImage(input: {
  baseModelCost?: number | null;
  styleCost?: number | null;
  hdEnabled: boolean;
  width: number;
  height: number;
}): number {
  const base = input.baseModelCost ?? DEFAULT_BASE_MODEL_COST;
  const style = input.styleCost ?? 0;
  const hd = input.hdEnabled || input.width >= HD_THRESHOLD || input.height >= HD_THRESHOLD;
  return (base + style) * (hd ? 2 : 1);
}

export function totalCost(input: Parameters<typeof costPerImage>[0] & { count: number }): number {
  return costPerImage(input) * input.count;
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * The unit price that compares packages: a token costs about a cent, so "$0.01 per token" said the same
 * of every package. Per 100 tokens, with a third decimal when the cents alone would hide a difference.
 */
export function pricePerToken(priceInCents: number, tokenAmount: number): string {
  if (tokenAmount <= 0) return '$0.00 per 100 tokens';
  const dollars = priceInCents / tokenAmount; // per 100 tokens: cents per token = dollars per 100
  const exact = Math.round(dollars * 100) === dollars * 100;
  return `$${dollars.toFixed(exact ? 2 : 3)} per 100 tokens`;
}
