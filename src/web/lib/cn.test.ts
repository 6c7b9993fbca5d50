import { describe, expect, it } from 'vitest';
import { cn } from './cn';

describe('cn', () => {
  it("lets a caller's class replace a component's default one", () => {
    expect(cn('px-4 py-2 text-sm', 'px-2')).toBe('py-2 text-sm px-2');
    expect(cn('bg-primary text-primary-foreground', false, 'bg-destructive')).toBe(
      'text-primary-foreground bg-destructive',
    );
  });
  it("merges the theme's own animations as Tailwind's", () => {
    expect(cn('animate-fade-in', 'animate-zoom-in')).toBe('animate-zoom-in');
    expect(cn('animate-slide-in', 'animate-spin')).toBe('animate-spin');
  });
});
