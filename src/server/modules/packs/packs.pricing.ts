import { isLoraCompatible, PERSONAL_LORA_ARCHITECTURE } from '../../../shared/architecture';
import { PACK_DEFAULT_SIZE } from '../../../shared/schemas/packs';
import { costPerImage } from '../../../shared/token-cost';
import type { PackWithPrompts } from './packs.repository';

type Base = { id: string; tokenCost: number; architecture: string };

/** The base model packs render on: the first active one (the default first) a personal LoRA fits. */
export function packBaseModel<B extends Base>(active: B[]): B | null {
  return active.find((b) => isLoraCompatible(PERSONAL_LORA_ARCHITECTURE, b.architecture)) ?? null;
}

export function promptSize(p: { width: number | null; height: number | null }) {
  return p.width && p.height ? { width: p.width, height: p.height } : { ...PACK_DEFAULT_SIZE };
}

/**
 * What a pack costs (decision 038): `full` is its images' costs one by one, by the same formula as
 * a single generation (shared/token-cost.ts); `price` is what one purchase charges — the full cost,
 * or the admin's discounted total, never above the full cost.
 */
type PricedPrompt = { styleCost: number | null; width: number | null; height: number | null };

export function packPrice(
  pack: Pick<PackWithPrompts, 'priceMode' | 'discountPrice'> & { prompts: PricedPrompt[] },
  base: Base | null,
) {
  const full = pack.prompts.reduce(
    (sum, p) =>
      sum +
      costPerImage({
        baseModelCost: base?.tokenCost,
        styleCost: p.styleCost ?? 0,
        hdEnabled: false,
        ...promptSize(p),
      }),
    0,
  );
  return { full, price: chargeFor(pack, full) };
}

export function chargeFor(pack: Pick<PackWithPrompts, 'priceMode' | 'discountPrice'>, full: number) {
  return pack.priceMode === 'discounted' && pack.discountPrice !== null
    ? Math.min(pack.discountPrice, full)
    : full;
}
