import { Moon, Sun } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useHydrated } from '@web/lib/hydration';
import { useTheme } from '@web/lib/theme/theme-context';

/**
 * Light/dark for a visitor's header. The icon follows the `dark` class the page's head sets before the
 * first paint (a pre-rendered page shows the right one before any script); the pressed state comes
 * from React once it runs. On the landing page, which does not load React, landing-islands.ts drives
 * the same button through `data-theme-toggle` and enables it. Before either has, it is disabled (a click
 * would be lost) but keeps its full opacity: it is a small icon that works a moment later. `className`
 * sets the size (default `size-10`); the landing page loads this without tailwind-merge.
 */
export function ThemeToggle({ className = 'size-10' }: { className?: string }) {
  const { mode, toggleMode } = useTheme();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      onClick={toggleMode}
      disabled={!hydrated}
      aria-label="Dark mode"
      aria-pressed={mode === 'dark'}
      title="Dark mode"
      data-theme-toggle=""
      className={clsx(buttonVariants({ variant: 'ghost', size: null }), 'disabled:opacity-100', className)}
    >
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </button>
  );
}
