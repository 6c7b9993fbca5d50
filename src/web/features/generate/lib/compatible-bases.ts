import { isLoraCompatible, PERSONAL_LORA_ARCHITECTURE } from '@shared/architecture';

type Base = { id: string; isDefault?: boolean; architecture?: string };

/**
 * The bases a personal model (a FLUX LoRA) can run on; every base when no personal model is chosen.
 * A base whose architecture the answer does not name is kept: the server has the last word.
 */
export function compatibleBases<B extends Base>(bases: B[], withPersonalModel: boolean): B[] {
  if (!withPersonalModel) return bases;
  return bases.filter(
    (b) => b.architecture === undefined || isLoraCompatible(PERSONAL_LORA_ARCHITECTURE, b.architecture),
  );
}

/** The base to switch to when a personal model is chosen: the current one if it fits, else the default fitting one. */
export function baseForPersonalModel<B extends Base>(bases: B[], currentId: string): string | undefined {
  const fitting = compatibleBases(bases, true);
  if (fitting.some((b) => b.id === currentId)) return currentId;
  return (fitting.find((b) => b.isDefault) ?? fitting[0])?.id;
}
