import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig, type Config } from 'tailwind-merge';

/**
 * The class groups of tailwind-merge's default config that the app's classes fall in. tailwind-merge
 * builds a lookup table of every group on its first call: with all 379 that was a 27–35 ms task on the
 * page's start (Lighthouse's traces, this machine); with these it is about a third of the groups. A
 * utility from a group not listed would be kept beside the one it should replace, so cn.test.ts scans
 * the sources as Tailwind does and fails, naming the group, when a class needs one that is missing
 * (docs/decisions/046-tailwind-merge-app-groups.md).
 */
export const USED_CLASS_GROUPS: readonly string[] = [
  'aspect',
  'container',
  'display',
  'sr',
  'isolation',
  'object-fit',
  'overflow',
  'overflow-x',
  'overflow-y',
  'position',
  'inset',
  'inset-y',
  'top',
  'right',
  'bottom',
  'left',
  'visibility',
  'z',
  'flex-direction',
  'flex-wrap',
  'flex',
  'grow',
  'shrink',
  'grid-cols',
  'col-start-end',
  'col-start',
  'row-start',
  'gap',
  'gap-x',
  'gap-y',
  'justify-content',
  'align-content',
  'align-items',
  'p',
  'px',
  'py',
  'pt',
  'pr',
  'pb',
  'pl',
  'm',
  'mx',
  'my',
  'mt',
  'mr',
  'mb',
  'ml',
  'space-y',
  'size',
  'w',
  'min-w',
  'max-w',
  'h',
  'min-h',
  'max-h',
  'font-size',
  'font-style',
  'font-weight',
  'font-family',
  'fvn-spacing',
  'tracking',
  'line-clamp',
  'leading',
  'list-style-type',
  'text-alignment',
  'text-color',
  'text-decoration',
  'underline-offset',
  'text-transform',
  'text-overflow',
  'text-wrap',
  'vertical-align',
  'whitespace',
  'break',
  'wrap',
  'bg-image',
  'bg-color',
  'gradient-from',
  'gradient-via',
  'gradient-to',
  'rounded',
  'rounded-r',
  'border-w',
  'border-w-t',
  'border-w-b',
  'border-w-l',
  'divide-y',
  'border-style',
  'border-color',
  'border-color-t',
  'border-color-l',
  'divide-color',
  'outline-style',
  'outline-w',
  'outline-color',
  'shadow',
  'shadow-color',
  'ring-w',
  'ring-w-inset',
  'ring-color',
  'ring-offset-w',
  'ring-offset-color',
  'opacity',
  'filter',
  'blur',
  'backdrop-blur',
  'caption',
  'transition',
  'duration',
  'animate',
  'rotate',
  'scale',
  'transform',
  'translate-x',
  'translate-y',
  'accent',
  'cursor',
  'pointer-events',
  'resize',
  'scroll-mt',
  'touch',
  'select',
  'fill',
];

function usedConfig(): Config<string, string> {
  const config = getDefaultConfig();
  const used = new Set(USED_CLASS_GROUPS);
  const pick = <T>(groups: Record<string, T>) =>
    Object.fromEntries(Object.entries(groups).filter(([id]) => used.has(id)));
  return {
    ...config,
    classGroups: pick(config.classGroups),
    conflictingClassGroups: Object.fromEntries(
      Object.entries(pick(config.conflictingClassGroups)).map(([id, others]) => [
        id,
        others.filter((other) => used.has(other)),
      ]),
    ),
    conflictingClassGroupModifiers: pick(config.conflictingClassGroupModifiers),
  };
}

let prepared: Config<string, string> | undefined;

/**
 * Builds the config ahead of the first merge, which then only builds the lookup table: the two halves
 * of the start-up work in two tasks (main.tsx), about 10 ms each here instead of one of 20.
 */
export function prepareCn(): void {
  prepared ??= usedConfig();
}

const merge = createTailwindMerge(() => prepared ?? usedConfig());

// twMerge lets a caller's className override a component's default utility instead of fighting it.
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
