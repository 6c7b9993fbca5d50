import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@shared/schemas/user';
import type { RouteGuardKind } from './route-guard';

/**
 * Every page of the app, one line each. A feature adds its pages here; the router wraps each in
 * its guard, the layout and a lazy chunk so the landing page stays small.
 *
 *   { path: '/models', guard: 'user', lazy: () => import('@web/features/models/models-page').then((m) => m.ModelsPage) },
 */
export type AppRoute = {
  path: string;
  guard: RouteGuardKind;
  /** Loads the page component (a named export) on first visit. */
  lazy: () => Promise<ComponentType>;
  /** "shell" (default): inside the app's top bar. "bare": the page draws its own frame (landing). */
  layout?: 'shell' | 'bare';
  /**
   * The page's first reads, started as soon as the session is known on a first load, beside the
   * page's download instead of after it (the same query keys as the page's hooks).
   */
  prefetch?: (client: QueryClient, user: PublicUser) => Promise<void>;
};

export const appRoutes: AppRoute[] = [
  // Public
  {
    path: '/',
    guard: 'public',
    layout: 'bare',
    lazy: () => import('@web/features/landing/landing-page').then((m) => m.LandingPage),
  },
  {
    path: '/terms',
    guard: 'public',
    lazy: () => import('@web/features/landing/terms-page').then((m) => m.TermsPage),
  },
  {
    path: '/privacy',
    guard: 'public',
    lazy: () => import('@web/features/landing/privacy-page').then((m) => m.PrivacyPage),
  },
  {
    path: '/contact',
    guard: 'public',
    lazy: () => import('@web/features/landing/contact-page').then((m) => m.ContactPage),
  },

  // Auth
  {
    path: '/login',
    guard: 'guest',
    lazy: () => import('@web/features/auth/login-page').then((m) => m.LoginPage),
  },
  {
    path: '/register',
    guard: 'guest',
    lazy: () => import('@web/features/auth/register-page').then((m) => m.RegisterPage),
  },
  {
    path: '/forgot-password',
    guard: 'public',
    lazy: () => import('@web/features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  },
  {
    path: '/reset-password',
    guard: 'public',
    lazy: () => import('@web/features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  },
  {
    path: '/verify-email',
    guard: 'public',
    lazy: () => import('@web/features/auth/verify-email-page').then((m) => m.VerifyEmailPage),
  },
  {
    path: '/revert-email-change',
    guard: 'public',
    lazy: () => import('@web/features/auth/revert-email-change-page').then((m) => m.RevertEmailChangePage),
  },

  // Signed in
  {
    path: '/dashboard',
    guard: 'user',
    lazy: () => import('@web/features/dashboard/dashboard-page').then((m) => m.DashboardPage),
    prefetch: (client, user) =>
      import('@web/features/dashboard/api/dashboard-api').then((m) => m.prefetchDashboard(client, user)),
  },
  {
    path: '/settings',
    guard: 'user',
    lazy: () => import('@web/features/settings/settings-page').then((m) => m.SettingsPage),
  },

  {
    path: '/generate',
    guard: 'user',
    lazy: () => import('@web/features/generate/generate-page').then((m) => m.GeneratePage),
    prefetch: (client, user) =>
      import('@web/features/generate/api/generate-api').then((m) => m.prefetchGenerator(client, user)),
  },
  {
    path: '/gallery',
    guard: 'user',
    lazy: () => import('@web/features/gallery/gallery-page').then((m) => m.GalleryPage),
    prefetch: (client) =>
      import('@web/features/gallery/api/gallery-api').then((m) => m.prefetchGallery(client)),
  },
  // a finished pack's results page (issue 45 N5): the id is the pack batch's
  {
    path: '/gallery/albums/:id',
    guard: 'user',
    lazy: () => import('@web/features/gallery/album-page').then((m) => m.AlbumPage),
  },
  {
    path: '/notifications',
    guard: 'user',
    lazy: () => import('@web/features/notifications/notifications-page').then((m) => m.NotificationsPage),
  },
  {
    path: '/packs',
    guard: 'user',
    lazy: () => import('@web/features/packs/packs-page').then((m) => m.PacksPage),
  },
  {
    path: '/admin/packs',
    guard: 'admin',
    lazy: () => import('@web/features/admin/packs/admin-packs-page').then((m) => m.AdminPacksPage),
  },
  {
    path: '/admin/image-gallery',
    guard: 'admin',
    lazy: () =>
      import('@web/features/admin/images/admin-image-gallery-page').then((m) => m.AdminImageGalleryPage),
  },
  {
    path: '/models',
    guard: 'user',
    lazy: () => import('@web/features/models/models-page').then((m) => m.ModelsPage),
  },
  {
    path: '/models/create',
    guard: 'user',
    lazy: () => import('@web/features/models/create-model-page').then((m) => m.CreateModelPage),
  },
  {
    path: '/models/:id/upload',
    guard: 'user',
    lazy: () => import('@web/features/models/upload-images-page').then((m) => m.UploadImagesPage),
  },
  {
    path: '/models/:id',
    guard: 'user',
    lazy: () => import('@web/features/models/model-details-page').then((m) => m.ModelDetailsPage),
  },
  {
    path: '/admin/upload-logs',
    guard: 'admin',
    lazy: () => import('@web/features/admin/upload-logs/upload-logs-page').then((m) => m.UploadLogsPage),
  },

  // Models, generation, gallery, tokens, billing, referrals, support: added by their features.
  {
    path: '/tokens/purchase',
    guard: 'user',
    lazy: () => import('@web/features/tokens/purchase-page').then((m) => m.PurchaseTokensPage),
  },
  {
    path: '/tokens/checkout',
    guard: 'user',
    lazy: () => import('@web/features/tokens/checkout-page').then((m) => m.CheckoutPage),
  },
  {
    path: '/tokens/success',
    guard: 'user',
    lazy: () => import('@web/features/tokens/success-page').then((m) => m.PaymentSuccessPage),
  },
  {
    path: '/billing-history',
    guard: 'user',
    lazy: () => import('@web/features/billing/billing-history-page').then((m) => m.BillingHistoryPage),
  },
  {
    path: '/referrals',
    guard: 'user',
    lazy: () => import('@web/features/referrals/referrals-page').then((m) => m.ReferralsPage),
  },
  // Admin (guard: 'admin'): added by the admin feature.
  {
    path: '/support',
    guard: 'user',
    lazy: () => import('@web/features/support/support-page').then((m) => m.SupportPage),
  },
  // /admin itself shows "Access Denied" to non-admins (docs/product/spec-part-2.md §2), so it only needs a user.
  {
    path: '/admin',
    guard: 'admin-panel',
    lazy: () => import('@web/features/admin/admin-page').then((m) => m.AdminPage),
  },
  {
    path: '/admin/support',
    guard: 'admin',
    lazy: () => import('@web/features/admin/support/admin-support-page').then((m) => m.AdminSupportPage),
  },
  {
    path: '/admin/preset-styles/create',
    guard: 'admin',
    lazy: () => import('@web/features/admin/styles/style-form-page').then((m) => m.StyleFormPage),
  },
  {
    path: '/admin/preset-styles/edit/:id',
    guard: 'admin',
    lazy: () => import('@web/features/admin/styles/style-form-page').then((m) => m.StyleFormPage),
  },
  {
    path: '/admin/outbox',
    guard: 'admin',
    lazy: () => import('@web/features/admin/outbox/outbox-page').then((m) => m.OutboxPage),
  },
];

/** The catch-all 404 page (docs/product/spec-part-1.md §2), inside the shell. */
export const notFoundRoute: AppRoute = {
  path: '*',
  guard: 'public',
  lazy: () => import('./not-found-page').then((m) => m.NotFoundPage),
};
