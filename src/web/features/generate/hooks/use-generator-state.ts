import { useCallback, useEffect, useState } from 'react';
import {
  clearOtherUsers,
  defaultForm,
  DEFAULT_SIZE,
  readStored,
  writeStored,
  type GeneratedCard,
  type GeneratorForm,
  type SizeKey,
} from '../lib/generator-state';

const MAX_KEPT_CARDS = 60;

/** The generator's form, size choice and result cards, kept per user in local storage. */
export function useGeneratorState(userId: string) {
  const [form, setForm] = useState<GeneratorForm>(() => ({
    ...defaultForm(),
    ...(readStored<Partial<GeneratorForm>>('generatorFormData', userId) ?? {}),
  }));
  const [selectedSize, setSelectedSize] = useState<SizeKey>(
    () => readStored<SizeKey>('selectedSize', userId) ?? DEFAULT_SIZE,
  );
  const [cards, setCards] = useState<GeneratedCard[]>(() =>
    // a card left "generating" by a closed tab is not coming back here (it is in the gallery)
    (readStored<GeneratedCard[]>('generatedImages', userId) ?? []).filter((c) => c.status === 'completed'),
  );

  useEffect(() => clearOtherUsers(userId), [userId]);
  useEffect(() => writeStored('generatorFormData', userId, form), [userId, form]);
  useEffect(() => {
    writeStored('selectedSize', userId, selectedSize);
    writeStored('hdEnabled', userId, form.hdEnabled);
  }, [userId, selectedSize, form.hdEnabled]);
  useEffect(() => writeStored('generatedImages', userId, cards.slice(0, MAX_KEPT_CARDS)), [userId, cards]);

  const update = useCallback((patch: Partial<GeneratorForm>) => setForm((f) => ({ ...f, ...patch })), []);
  const reset = useCallback((baseModelId: string) => {
    setForm({ ...defaultForm(), baseModelId });
    setSelectedSize(DEFAULT_SIZE);
  }, []);

  return { form, update, setForm, selectedSize, setSelectedSize, cards, setCards, reset };
}
