import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-groups';

/**
 * The class groups that the app's classes fall in (lib/class-groups.ts); cn.test.ts fails, naming the
 * group, when a class needs one that is missing.
 */
export const USED_CLASS_GROUPS: readonly string[] = Object.keys(classMergeConfig.classGroups);

// tailwind-merge builds its lookup table of these groups on the first merge (main.tsx asks for one in
// a task of its own, before the first render)
const merge = createTailwindMerge(() => classMergeConfig);

// twMerge lets a caller's className override a component's default utility instead of fighting it.
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
