import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDebounced, useDebouncedSearch } from './use-debounced';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebounced', () => {
  it('keeps the old value until the new one has stood still for the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, 300), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });

  it('restarts the wait on every change, so only the last value arrives', () => {
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, 300), { initialProps: { v: 1 } });
    rerender({ v: 2 });
    act(() => vi.advanceTimersByTime(200));
    rerender({ v: 3 });
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(3);
  });
});

describe('useDebouncedSearch', () => {
  it('gives the typed text at once and the trimmed query after the pause', () => {
    const { result } = renderHook(() => useDebouncedSearch());
    act(() => result.current.setText('  cat '));
    expect(result.current.text).toBe('  cat ');
    expect(result.current.query).toBe('');
    act(() => vi.advanceTimersByTime(300));
    expect(result.current.query).toBe('cat');
  });
});
