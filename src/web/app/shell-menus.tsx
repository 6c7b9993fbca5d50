import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Boxes,
  Coins,
  Gift,
  Images,
  LifeBuoy,
  LogOut,
  Menu,
  Monitor,
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
import { formatTokens, initials } from '@web/lib/format';
import { Avatar, AvatarFallback, AvatarImage } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import type { IconComponent } from '@web/components/ui/icon-button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { useSignOut } from '@web/features/auth/hooks/use-sign-out';
import { useTheme } from '@web/lib/theme/theme-context';
import type { ThemePreference } from '@web/lib/theme/theme-mode';
import { useOfflineSummary } from './offline-indicator';
import { PRIMARY_NAV } from './shell-nav';

// The signed-in person's menus in the shell's top bar (shell.tsx).

/** A menu item that goes to a page, its icon before its text. */
function MenuLink({ to, icon: Icon, children }: { to: string; icon: IconComponent; children: ReactNode }) {
  return (
    <DropdownMenuItem asChild>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </DropdownMenuItem>
  );
}

export function MobileNav({ user }: { user: PublicUser }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation menu">
          <Menu aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64">
        {PRIMARY_NAV.map(({ to, label, icon }) => (
          <MenuLink key={to} to={to} icon={icon}>
            {label}
          </MenuLink>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel className="flex items-center gap-2 font-normal text-muted-foreground">
          <Coins className="size-4" aria-hidden="true" />
          {formatTokens(user.tokenBalance)}
        </DropdownMenuLabel>
        <MenuLink to="/tokens/purchase" icon={ShoppingCart}>
          Top up
        </MenuLink>
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

const APPEARANCES = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const;

export function UserMenu({ user }: { user: PublicUser }) {
  const { preference, setPreference } = useTheme();
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
        {MENU_LINKS.map(({ to, label, icon }) => (
          <MenuLink key={to} to={to} icon={icon}>
            {label}
          </MenuLink>
        ))}
        {user.isAdmin ? (
          <MenuLink to="/admin" icon={Shield}>
            Admin Panel
          </MenuLink>
        ) : null}
        <DropdownMenuSeparator />
        {/* Spec part 1 §4: light, dark or the system's setting, followed live (issue 23 defect 2) */}
        <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
          Appearance
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={preference}
          onValueChange={(value) => setPreference(value as ThemePreference)}
        >
          {APPEARANCES.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem
              key={value}
              value={value}
              // Keep the menu open so the change is visible at once.
              onSelect={(event) => event.preventDefault()}
            >
              <Icon aria-hidden="true" />
              {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
