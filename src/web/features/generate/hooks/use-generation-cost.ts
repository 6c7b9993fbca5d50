import { costPerImage } from '@shared/token-cost';
import type { GeneratorForm } from '../lib/generator-state';

/** What a run of the form costs with the chosen base model and style, and whether the balance covers it. */
export function useGenerationCost(
  form: GeneratorForm,
  chosen: { base?: { tokenCost: number }; style?: { tokenCost: number } },
  balance: number,
) {
  const perImage = costPerImage({
    baseModelCost: chosen.base?.tokenCost,
    styleCost: chosen.style?.tokenCost,
    hdEnabled: form.hdEnabled,
    width: form.width,
    height: form.height,
  });
  const cost = perImage * form.count;
  return { perImage, cost, insufficient: balance < cost };
}
