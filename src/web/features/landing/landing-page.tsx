import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ArrowRight, Sparkles } from 'lucide-react';
import { SIGNUP_BONUS } from '@shared/constants';
import { rememberReferralCode } from '@web/lib/referral';
import { usePageTitle } from '@web/lib/use-page-title';
import { clsx } from 'clsx';
import { buttonVariants } from '@web/components/ui/button-variants';
import { useUser } from '@web/lib/session';
import { SiteFooter } from '@web/components/site-footer';
import { photoClaim } from './components/photo-claim';
import { LandingHeader } from './components/landing-header';
import { HowItWorks, KeyFeatures } from './components/landing-sections';
import { useAppConfig } from '@web/lib/app-config';

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
      <LandingHeader signedIn={Boolean(user)} isLoading={isLoading} registerTo={registerTo} />

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

        <HowItWorks />
        <KeyFeatures claim={claim} />

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
