import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (search boxes query the server, not every keystroke). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** A search box's text as typed, and the trimmed text the server is asked for once typing pauses. */
export function useDebouncedSearch(ms = 300) {
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), ms);
  return { text, setText, query };
}
