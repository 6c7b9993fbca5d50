import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';

const linkClass =
  'rounded-sm outline-none hover:text-foreground hover:underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring';

type Props = {
  /** `public`: the landing page's wider-spaced footer; `app`: the shell's, as wide as its pages */
  variant: 'public' | 'app';
  /** shown before the legal links (the shell's offline indicator) */
  children?: ReactNode;
};

/** The site footer: the copyright line and the Terms, Privacy and Contact links. */
export function SiteFooter({ variant, children }: Props) {
  const isPublic = variant === 'public';
  const links = (
    <nav aria-label="Legal" className={cn('flex', isPublic ? 'gap-5' : 'gap-4')}>
      <Link to="/terms" className={linkClass}>
        Terms
      </Link>
      <Link to="/privacy" className={linkClass}>
        Privacy
      </Link>
      <Link to="/contact" className={linkClass}>
        Contact
      </Link>
    </nav>
  );
  return (
    <footer className="border-t border-border">
      <div
        className={cn(
          'mx-auto flex flex-col items-center justify-between gap-3 px-4 text-sm text-muted-foreground sm:flex-row sm:px-6',
          isPublic ? 'max-w-6xl py-8' : 'max-w-7xl py-6',
        )}
      >
        <p>
          © {new Date().getFullYear()} {isPublic ? 'LoRA Studio. All rights reserved.' : 'LoRA Studio'}
        </p>
        {children ? (
          <div className="flex flex-wrap items-center justify-center gap-4">
            {children}
            {links}
          </div>
        ) : (
          links
        )}
      </div>
    </footer>
  );
}
