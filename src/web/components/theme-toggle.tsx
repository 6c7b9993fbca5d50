import { Moon, Sun } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useTheme } from '@web/lib/theme/theme-context';

/** `className` sets the size (default `size-10`); the landing page loads this without tailwind-merge. */
export function ThemeToggle({ className = 'size-10' }: { className?: string }) {
  const { mode, toggleMode } = useTheme();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <button
      type="button"
      onClick={toggleMode}
      aria-label={label}
      title={label}
      className={clsx(buttonVariants({ variant: 'ghost', size: null }), className)}
    >
      {mode === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </button>
  );
}
