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
