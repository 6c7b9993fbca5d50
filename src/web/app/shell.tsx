import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { Coins } from 'lucide-react';
import type { PublicUser } from '@shared/schemas/user';
import { cn } from '@web/lib/cn';
import { formatNumber, formatTokens } from '@web/lib/format';
import { Button } from '@web/components/ui/button';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { Logo } from '@web/components/logo';
import { useUser } from '@web/lib/session';
import { ThemeToggle } from '@web/components/theme-toggle';
import { MobileNav, UserMenu } from './shell-menus';
import { OfflineIndicator } from './offline-indicator';
import { SiteFooter } from '@web/components/site-footer';
import { PRIMARY_NAV } from './shell-nav';
// In the shell's chunk (3 kB): as a chunk of its own it was asked for only once the shell had rendered,
// a round trip after everything else a signed-in page's first paint needed. The server asks for its
// unread count with the HTML (src/server/http/pages.ts).
import { NotificationBell } from '@web/features/notifications/components/notification-bell';

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'bg-muted text-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );
}

function TokenBalance({ user, className }: { user: PublicUser; className?: string }) {
  return (
    <div className={cn('items-center gap-2 text-sm', className)}>
      {/* a visually hidden prefix, not aria-label: a plain span may not carry a name of its own */}
      <span data-testid="token-balance" className="inline-flex items-center gap-1.5 font-medium">
        <Coins className="size-4 text-primary-text" aria-hidden="true" />
        <span className="sr-only">Token balance: </span>
        {formatTokens(user.tokenBalance)}
      </span>
      <Link
        to="/tokens/purchase"
        className="rounded-sm font-medium text-primary-text underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        Top up
      </Link>
    </div>
  );
}

/** Phones: the balance stays in the top bar (docs/product/spec-part-1.md §2), compact and linking to Top up. */
function CompactTokenBalance({ user }: { user: PublicUser }) {
  return (
    <Link
      to="/tokens/purchase"
      data-testid="token-balance-compact"
      aria-label={`Token balance: ${formatTokens(user.tokenBalance)}. Top up`}
      className="inline-flex h-9 items-center gap-1 rounded-md px-1.5 text-sm font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring sm:hidden"
    >
      <Coins className="size-4 text-primary-text" aria-hidden="true" />
      {formatNumber(user.tokenBalance)}
    </Link>
  );
}

function TopBar() {
  const { user, isLoading } = useUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 sm:gap-2 sm:px-6">
        {/* Until the session is known the left side stays empty: the logo would otherwise jump
            right when the phone menu button appears in front of it (layout shift). */}
        {isLoading ? null : user ? <MobileNav user={user} /> : null}
        {isLoading ? null : <Logo to={user ? '/dashboard' : '/'} className="sm:mr-2" />}
        {user ? (
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {PRIMARY_NAV.map(({ to, label }) => (
              <NavLink key={to} to={to} className={navLinkClass}>
                {label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-0.5 sm:gap-3">
          {isLoading ? null : user ? (
            <>
              <TokenBalance user={user} className="hidden sm:flex" />
              <CompactTokenBalance user={user} />
              <NotificationBell />
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <ThemeToggle className="size-9 sm:size-10" />
              <Button variant="ghost" size="sm" className="px-2.5 sm:px-3" asChild>
                <Link to="/login">Log in</Link>
              </Button>
              <Button size="sm" className="px-2.5 sm:px-3" asChild>
                <Link to="/register">Sign up</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/** The frame around every page except the landing page. */
export function Shell() {
  return (
    <>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
        >
          Skip to content
        </a>
        <TopBar />
        <main
          id="main"
          tabIndex={-1}
          // at least the viewport under the top bar (h-16): the footer starts below the fold, so it
          // never shows at the bottom while a page loads and then jumps away as the content arrives
          className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 sm:py-8"
        >
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <SiteFooter variant="app">
          <OfflineIndicator />
        </SiteFooter>
      </div>
    </>
  );
}
