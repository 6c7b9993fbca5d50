import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSelection } from './use-selection';

describe('useSelection', () => {
  it('toggles ids, selects all, clears, and forgets the choice when stopped', () => {
    const { result } = renderHook(() => useSelection());
    act(() => result.current.start());
    act(() => result.current.toggle('a'));
    act(() => result.current.toggle('b'));
    act(() => result.current.toggle('a'));
    expect([...result.current.selected]).toEqual(['b']);
    act(() => result.current.selectAll(['a', 'b', 'c']));
    expect(result.current.selected.size).toBe(3);
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
    act(() => result.current.toggle('c'));
    act(() => result.current.stop());
    expect(result.current.selecting).toBe(false);
    expect(result.current.selected.size).toBe(0);
  });
});
