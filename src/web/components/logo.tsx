import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { clsx } from 'clsx';

// on the landing page's first load: classes are joined without tailwind-merge
export function Logo({ to, className }: { to: string; className?: string }) {
  return (
    <Link
      to={to}
      className={clsx(
        'inline-flex shrink-0 items-center gap-2 rounded-md font-bold tracking-tight outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Sparkles className="size-4" aria-hidden="true" />
      </span>
      <span className="text-base whitespace-nowrap sm:text-lg">LoRA Studio</span>
    </Link>
  );
}
