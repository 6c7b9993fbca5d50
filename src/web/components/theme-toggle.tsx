import { Moon, Sun } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useTheme } from '@web/lib/theme/theme-context';

/**
 * Light/dark for a visitor's header. The icon follows the `dark` class the page's head sets before the
 * first paint (a pre-rendered page shows the right one before any script); the pressed state comes
 * from React once it runs. On the landing page, which does not load React, landing-islands.ts drives
 * the same button through `data-theme-toggle`. `className` sets the size (default `size-10`); the
 * landing page loads this without tailwind-merge.
 */
export function ThemeToggle({ className = 'size-10' }: { className?: string }) {
  const { mode, toggleMode } = useTheme();
  return (
    <button
      type="button"
      onClick={toggleMode}
      aria-label="Dark mode"
      aria-pressed={mode === 'dark'}
      title="Dark mode"
      data-theme-toggle=""
      className={clsx(buttonVariants({ variant: 'ghost', size: null }), className)}
    >
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </button>
  );
}
