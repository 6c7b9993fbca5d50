import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

// tailwind-merge lets a caller's className override a component's default utility instead of fighting
// it. Its stock config knows Tailwind's own utilities; the theme's animations (styles.css `--animate-*`)
// are the app's own names, so they are added to the `animate` scale to replace one another.
const merge = extendTailwindMerge({
  extend: { theme: { animate: ['fade-in', 'fade-out', 'zoom-in', 'slide-in'] } },
});

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
