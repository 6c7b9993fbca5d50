import { useEffect, useMemo, useState } from 'react';
import { clearOtherUsers, readStored, writeStored, type StorageKey } from '../lib/generator-state';

/**
 * One piece of the generator's state, kept per user in local storage (spec part 1 §9): read once
 * when the page opens, written back (through `toStored`, e.g. a cap) on every change.
 */
export function useStoredState<T>(
  key: StorageKey,
  userId: string,
  initial: (stored: T | null) => T,
  toStored: (value: T) => unknown = (value) => value,
) {
  const [value, setValue] = useState<T>(() => initial(readStored<T>(key, userId)));
  const stored = useMemo(() => toStored(value), [toStored, value]);
  useEffect(() => writeStored(key, userId, stored), [key, userId, stored]);
  return [value, setValue] as const;
}

/** Another user's generator data never survives a change of user (spec part 1 §4). */
export function useForgetOtherUsers(userId: string) {
  useEffect(() => clearOtherUsers(userId), [userId]);
}
