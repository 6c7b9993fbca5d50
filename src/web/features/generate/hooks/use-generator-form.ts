import { useCallback, useEffect } from 'react';
import {
  defaultForm,
  DEFAULT_SIZE,
  dimensionsFor,
  storedSize,
  writeStored,
  type GeneratorForm,
  type SizeKey,
} from '../lib/generator-state';
import { useForgetOtherUsers, useStoredState } from './use-stored-state';

export type FormPatch = Partial<GeneratorForm>;

/** The generator's form and size choice, remembered per user; size and HD keep the dimensions in step. */
export function useGeneratorForm(userId: string) {
  useForgetOtherUsers(userId);
  const [form, setForm] = useStoredState<GeneratorForm>('generatorFormData', userId, (stored) => ({
    ...defaultForm(),
    ...(stored ?? {}),
  }));
  const [size, setSelectedSize] = useStoredState<SizeKey>('selectedSize', userId, (s) => storedSize(s));
  useEffect(() => writeStored('hdEnabled', userId, form.hdEnabled), [userId, form.hdEnabled]);

  const update = useCallback((patch: FormPatch) => setForm((f) => ({ ...f, ...patch })), [setForm]);
  const reset = useCallback(
    (baseModelId: string) => {
      setForm({ ...defaultForm(), baseModelId });
      setSelectedSize(DEFAULT_SIZE);
    },
    [setForm, setSelectedSize],
  );
  const setSize = (next: SizeKey) => {
    setSelectedSize(next);
    const [width, height] = dimensionsFor(next, form.hdEnabled, form, false);
    update({ width, height });
  };
  const setHd = (hd: boolean) => {
    const [width, height] = dimensionsFor(size, hd, form, true);
    update({ hdEnabled: hd, width, height });
  };

  return { form, update, reset, size, setSize, setHd };
}
