import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '@web/components/ui/spinner';
import { recentlySignedOut, useUser } from '@web/lib/session';
import { useAppConfig } from '@web/lib/app-config';

/**
 * ADMIN_2FA=required (docs/decisions/056-second-factor.md): an admin with no second factor goes to
 * Settings → Security to enrol before the admin panel opens (the server refuses its routes meanwhile).
 */
function AdminSecondFactorGate({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  if (config.isPending) return <FullPageSpinner />;
  if (config.data?.admin2fa === 'optional') return children;
  return <Navigate to="/settings?tab=security" replace />;
}

/**
 * public: anyone. guest: visitors only (a signed-in person goes to /dashboard).
 * user: signed in. admin: signed in with isAdmin. admin-panel: signed in; the page itself shows a
 * non-admin "Access Denied" (docs/product/spec-part-2.md §2), and an admin meets the second-factor gate.
 */
export type RouteGuardKind = 'public' | 'guest' | 'user' | 'admin' | 'admin-panel';

export function RouteGuard({ guard, children }: { guard: RouteGuardKind; children: ReactNode }) {
  const { user, isLoading } = useUser();
  if (guard === 'public') return children;
  if (isLoading) return <FullPageSpinner />;
  if (guard === 'guest') return user ? <Navigate to="/dashboard" replace /> : children;
  // Spec part 1 §2: a protected page renders nothing without a user (the redirect is all there is).
  if (!user) return <Navigate to={recentlySignedOut() ? '/' : '/login'} replace />;
  if (guard === 'admin' && !user.isAdmin) return <Navigate to="/dashboard" replace />;
  const adminArea = guard === 'admin' || (guard === 'admin-panel' && user.isAdmin);
  if (adminArea && !user.twoFactorEnabled) return <AdminSecondFactorGate>{children}</AdminSecondFactorGate>;
  return children;
}
