import path from 'node:path';
import { Scanner } from '@tailwindcss/oxide';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, USED_CLASS_GROUPS } from './cn';

/** A candidate without its variants (`sm:`, `hover:`, `[&_svg]:`) and its important marks. */
function utility(candidate: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < candidate.length; i++) {
    const ch = candidate[i];
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) start = i + 1;
  }
  return candidate.slice(start).replace(/^!|!$/g, '');
}

/**
 * Every utility of the app that tailwind-merge knows, found as Tailwind finds the classes it generates:
 * its scanner over the Vite root (vite.config.ts `root`), where styles.css imports Tailwind with no
 * other sources. A utility outside these is not in the stylesheet either.
 */
function appUtilities(): string[] {
  const scanner = new Scanner({
    sources: [{ base: path.resolve(import.meta.dirname, '..'), pattern: '**/*', negated: false }],
  });
  // a class twMerge reduces to one copy is one it knows; an unknown word is kept twice
  return [...new Set(scanner.scan().map(utility))].filter((c) => twMerge(`${c} ${c}`) === c);
}

describe('cn', () => {
  const utilities = appUtilities();

  it('finds the app’s classes', () => {
    expect(utilities.length).toBeGreaterThan(300);
    expect(utilities).toEqual(expect.arrayContaining(['px-4', 'text-muted-foreground', 'rounded-md']));
  });

  it("lists every tailwind-merge class group the app's classes fall in", () => {
    const config = getDefaultConfig();
    const missing = Object.keys(config.classGroups).filter((group) => {
      if (USED_CLASS_GROUPS.includes(group)) return false;
      const alone = createTailwindMerge(() => ({
        ...config,
        classGroups: { [group]: config.classGroups[group as keyof typeof config.classGroups] },
        conflictingClassGroups: {},
        conflictingClassGroupModifiers: {},
      }));
      return utilities.some((c) => alone(`${c} ${c}`) === c);
    });
    // add these groups to lib/class-groups.ts, as tailwind-merge's default config defines them
    expect(missing).toEqual([]);
  });

  it('merges every pair of the app’s utilities as the full tailwind-merge does', () => {
    const differ: string[] = [];
    for (const a of utilities)
      for (const b of utilities)
        if (cn(a, b) !== twMerge(a, b) && differ.length < 10) differ.push(`${a} ${b}`);
    expect(differ).toEqual([]);
    // with variants as well
    expect(cn('px-2 py-1 sm:px-3', 'px-4 sm:px-6 hover:bg-muted')).toBe('py-1 px-4 sm:px-6 hover:bg-muted');
  });
});
