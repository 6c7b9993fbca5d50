import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  ArrowRight,
  Coins,
  Gift,
  Palette,
  ShieldCheck,
  Sparkles,
  Upload,
  WandSparkles,
  Zap,
  BrainCircuit,
  Gem,
} from 'lucide-react';
import { SIGNUP_BONUS } from '@shared/constants';
import { rememberReferralCode } from '@web/lib/referral';
import { usePageTitle } from '@web/lib/use-page-title';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants';
import { Logo } from '@web/components/logo';
import { useUser } from '@web/lib/session';
import { ThemeToggle } from '@web/components/theme-toggle';
import { SiteFooter } from '@web/components/site-footer';
import { photoClaim } from './components/photo-claim';
import { useAppConfig } from '@web/lib/app-config';

// the small header size with tighter padding on phones (no size variant, so no padding to fight)
const HEADER_LINK_SIZE = 'h-9 px-2.5 sm:px-3';

const STEPS = [
  {
    icon: Upload,
    title: 'Upload Photos',
    text: 'Upload 10-20 clear photos of yourself from different angles and with different expressions.',
  },
  {
    icon: BrainCircuit,
    title: 'Train Your Model',
    text: 'We train a personal AI model that learns your features. Training takes about 30-60 minutes.',
  },
  {
    icon: WandSparkles,
    title: 'Generate Images',
    text: 'Describe any scene or pick a style preset and create images of yourself in seconds.',
  },
] as const;

const FEATURES = [
  {
    icon: Gem,
    title: 'Premium Quality',
    text: 'High-resolution images with true-to-life detail, ready for profiles, prints and portfolios.',
  },
  {
    icon: ShieldCheck,
    title: 'Privacy First',
    // null: photoClaim() says it from the live configuration (decision 025)
    text: null,
  },
  {
    icon: Coins,
    title: 'Pay As You Go',
    text: 'Buy tokens only when you need them. No monthly subscription.',
  },
  {
    icon: Palette,
    title: 'Style Presets',
    text: 'Professional, artistic, fantasy and more: one click to a new look.',
  },
  {
    icon: Gift,
    title: 'Referral Program',
    text: 'Invite a friend and you both receive bonus tokens.',
  },
  {
    icon: Zap,
    title: 'Fast Generation',
    text: 'Once your model is trained, new images arrive in seconds.',
  },
] as const;

export function LandingPage() {
  usePageTitle();
  const { user, isLoading } = useUser();
  const { hash } = useLocation();
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');
  const claim = photoClaim(useAppConfig().data);

  // docs/product/interfaces.md: keep ?ref=CODE so the register form can send it later.
  useEffect(() => rememberReferralCode(ref), [ref]);

  // The router does not scroll to #anchors by itself (e.g. the dashboard's "Learn how it works").
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const registerTo = ref ? `/register?ref=${encodeURIComponent(ref)}` : '/register';

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-2 sm:px-6">
          <Logo to="/" />
          <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
            <ThemeToggle className="size-9 sm:size-10" />
            {isLoading ? null : user ? (
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

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_22%,transparent),transparent_60%)]"
          />
          <div className="relative mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
            <span className="inline-flex items-center gap-2 rounded-full border border-border bg-background/70 px-3 py-1 text-sm text-muted-foreground">
              <Sparkles className="size-4 text-primary-text" aria-hidden="true" />
              Your personal AI photo studio
            </span>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
              Create stunning AI images <span className="text-primary-text">of yourself</span>
            </h1>
            <p className="max-w-2xl text-lg text-pretty text-muted-foreground">
              Upload a handful of photos, train your own AI model, and generate professional-quality images of
              yourself in any style or setting.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              {user ? (
                <Link to="/dashboard" className={buttonVariants({ size: 'lg' })}>
                  Go to Dashboard <ArrowRight aria-hidden="true" />
                </Link>
              ) : (
                <Link to={registerTo} className={buttonVariants({ size: 'lg' })}>
                  Get Started Free <ArrowRight aria-hidden="true" />
                </Link>
              )}
              <a href="#how-it-works" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                How It Works
              </a>
            </div>
          </div>
        </section>

        <section
          id="how-it-works"
          aria-labelledby="how-it-works-title"
          className="scroll-mt-16 border-t border-border bg-muted/40"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
            <h2 id="how-it-works-title" className="text-center text-3xl font-bold tracking-tight">
              How It Works
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
              Three simple steps from your photos to a personal AI model.
            </p>
            <ol className="mt-12 grid gap-6 md:grid-cols-3">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="relative rounded-xl border border-border bg-card p-6 shadow-sm">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
                      {index + 1}
                    </span>
                    <Icon className="size-6 text-primary-text" aria-hidden="true" />
                  </div>
                  <h3 className="mt-4 text-xl font-semibold">{title}</h3>
                  <p className="mt-2 text-muted-foreground">{text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="features-title" className="border-t border-border">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
            <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
              Key Features
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-xl border border-border bg-card p-6">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-accent/15 text-accent-text">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text ?? claim}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="border-t border-border">
          <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-20">
            <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
              <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
                Ready to meet your AI self?
              </h2>
              <p className="mx-auto mt-3 max-w-xl text-lg opacity-90">
                Sign up today and get {SIGNUP_BONUS} free tokens to start creating.
              </p>
              <Link
                to={user ? '/dashboard' : registerTo}
                className={clsx(buttonVariants({ size: 'lg', variant: 'secondary' }), 'mt-8')}
              >
                {user ? 'Go to Dashboard' : `Claim Your ${SIGNUP_BONUS} Free Tokens`}
              </Link>
            </div>
          </div>
        </section>
      </main>

      <SiteFooter variant="public" />
    </div>
  );
}
