import { describe, expect, it } from 'vitest';
import { groupByMonth, monthKey, monthLabel } from './group-by-month';

describe('groupByMonth', () => {
  it('groups by year-month, newest first, with long month labels and Unknown Date last', () => {
    const groups = groupByMonth([
      { id: 1, createdAt: '2024-03-10T12:00:00' },
      { id: 2, createdAt: '2025-01-02T08:00:00' },
      { id: 3, createdAt: 'not a date' },
      { id: 4, createdAt: '2024-03-01T09:00:00' },
      { id: 5, createdAt: '2024-11-30T10:00:00' },
      { id: 6, createdAt: null },
    ]);
    expect(groups.map((g) => g.label)).toEqual([
      'January 2025',
      'November 2024',
      'March 2024',
      'Unknown Date',
    ]);
    expect(groups[2].items.map((i) => i.id)).toEqual([1, 4]);
    expect(groups[3].items.map((i) => i.id)).toEqual([3, 6]);
  });

  it('accepts years 1970 to 2100 only', () => {
    expect(monthKey('1969-12-01T12:00:00')).toBe('unknown');
    expect(monthKey('2101-01-15T12:00:00')).toBe('unknown');
    expect(monthLabel(monthKey('1970-06-15T12:00:00'))).toBe('June 1970');
    expect(monthLabel(monthKey('2100-12-15T12:00:00'))).toBe('December 2100');
  });
});
