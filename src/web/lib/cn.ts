import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

// twMerge lets a caller's className override a component's default utility instead of fighting it.
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
