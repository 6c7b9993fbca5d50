import { Link } from 'react-router';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Logo } from '@web/components/logo';
import { ThemeToggle } from '@web/components/theme-toggle';

// the small header size with tighter padding on phones (no size variant, so no padding to fight)
const HEADER_LINK_SIZE = 'h-9 px-2.5 sm:px-3';

type Props = { signedIn: boolean; isLoading: boolean; registerTo: string };

/** The landing page's bar: logo, theme toggle, and Dashboard or Log in and Sign up. */
export function LandingHeader({ signedIn, isLoading, registerTo }: Props) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-2 sm:px-6">
        <Logo to="/" />
        <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
          <ThemeToggle className="size-9 sm:size-10" />
          {isLoading ? null : signedIn ? (
            <Link to="/dashboard" className={buttonVariants({ size: 'sm' })}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link
                to="/login"
                className={clsx(buttonVariants({ variant: 'ghost', size: null }), HEADER_LINK_SIZE)}
              >
                Log in
              </Link>
              <Link to={registerTo} className={clsx(buttonVariants({ size: null }), HEADER_LINK_SIZE)}>
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
