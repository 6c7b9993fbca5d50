import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import {
  Boxes,
  Coins,
  Gift,
  Images,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  Menu,
  Moon,
  Receipt,
  Settings,
  Shield,
  ShoppingCart,
  Sun,
  WandSparkles,
  WifiOff,
} from 'lucide-react';
import type { PublicUser } from '@shared/schemas/user';
import { cn } from '@web/lib/cn';
import { formatNumber, formatTokens, initials } from '@web/lib/format';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { Logo } from '@web/components/logo';
import { useUser } from '@web/lib/session';
import { useSignOut } from '@web/features/auth/hooks/use-sign-out';
import { useTheme } from '@web/lib/theme/theme-context';
import { ThemeToggle } from '@web/components/theme-toggle';
import { OfflineIndicator, useOfflineSummary } from './offline-indicator';

const PRIMARY_NAV = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/generate', label: 'Generate Images', icon: WandSparkles },
  { to: '/gallery', label: 'Gallery', icon: Images },
] as const;

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

function MobileNav({ user }: { user: PublicUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation menu">
          <Menu aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        {PRIMARY_NAV.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2 font-normal text-muted-foreground">
          <Coins className="size-4" aria-hidden="true" />
          {formatTokens(user.tokenBalance)}
        </DropdownMenuLabel>
        <DropdownMenuItem asChild>
          <Link to="/tokens/purchase">
            <ShoppingCart aria-hidden="true" />
            Top up
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const MENU_LINKS = [
  { to: '/models', label: 'Custom Models', icon: Boxes },
  { to: '/generate', label: 'Generate Images', icon: WandSparkles },
  { to: '/gallery', label: 'Gallery', icon: Images },
  { to: '/tokens/purchase', label: 'Buy Tokens', icon: ShoppingCart },
  { to: '/billing-history', label: 'Billing History', icon: Receipt },
  { to: '/referrals', label: 'Referrals', icon: Gift },
  { to: '/settings', label: 'Settings', icon: Settings },
  { to: '/support', label: 'Support', icon: LifeBuoy },
] as const;

function UserMenu({ user }: { user: PublicUser }) {
  const { mode, toggleMode } = useTheme();
  const { signOut, isPending } = useSignOut();
  const offline = useOfflineSummary();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-10 gap-2 px-1.5 sm:px-2">
          {/* WCAG 2.5.3: the name is built from the content, so it contains the visible username;
              the avatar's initials are decoration */}
          <Avatar className="size-8" aria-hidden="true">
            {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
            <AvatarFallback className="text-xs">{initials(user.username)}</AvatarFallback>
          </Avatar>
          <span className="sr-only">User menu for </span>
          <span className="sr-only lg:hidden">{user.username}</span>
          <span className="hidden max-w-32 truncate lg:inline">{user.username}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="truncate font-semibold">{user.username}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        {offline ? (
          <DropdownMenuLabel className="flex items-start gap-2 text-xs font-normal text-muted-foreground">
            <WifiOff className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>
              <span className="font-medium">Offline mode.</span> {offline.short}
            </span>
          </DropdownMenuLabel>
        ) : null}
        <DropdownMenuSeparator />
        {MENU_LINKS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        {user.isAdmin ? (
          <DropdownMenuItem asChild>
            <Link to="/admin">
              <Shield aria-hidden="true" />
              Admin Panel
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={(event) => {
            // Keep the menu open so the change is visible at once.
            event.preventDefault();
            toggleMode();
          }}
        >
          {mode === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
          {mode === 'dark' ? 'Light mode' : 'Dark mode'}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={isPending} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
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

function Footer() {
  const linkClass =
    'rounded-sm hover:text-foreground hover:underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring outline-none';
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>© {new Date().getFullYear()} LoRA Studio</p>
        <div className="flex flex-wrap items-center justify-center gap-4">
          <OfflineIndicator />
          <nav aria-label="Legal" className="flex gap-4">
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
        </div>
      </div>
    </footer>
  );
}

/** The frame around every page except the landing page. */
export function Shell() {
  return (
    <TooltipProvider>
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
        <Footer />
      </div>
    </TooltipProvider>
  );
}
