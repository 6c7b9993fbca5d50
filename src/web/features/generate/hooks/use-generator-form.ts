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
  // stable across keystrokes (functional updates), so the settings beside the prompt are not drawn again
  const setSize = useCallback(
    (next: SizeKey) => {
      setSelectedSize(next);
      setForm((f) => {
        const [width, height] = dimensionsFor(next, f.hdEnabled, f, false);
        return { ...f, width, height };
      });
    },
    [setForm, setSelectedSize],
  );
  const setHd = useCallback(
    (hd: boolean) =>
      setForm((f) => {
        const [width, height] = dimensionsFor(size, hd, f, true);
        return { ...f, hdEnabled: hd, width, height };
      }),
    [setForm, size],
  );
  const appendToPrompt = useCallback(
    (text: string) =>
      setForm((f) => ({ ...f, prompt: f.prompt.trim() ? `${f.prompt.trim()}, ${text}` : text })),
    [setForm],
  );

  return { form, update, reset, size, setSize, setHd, appendToPrompt };
}
