import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CreatePaymentIntentResponse } from '@shared/schemas/tokens';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { useAppConfig } from '@web/lib/app-config';
import { formatMoney, formatNumber } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { createPaymentIntent, usePackages } from './api/tokens-api';
import { OfflineCardForm } from './components/offline-card-form';
import { OrderSummary } from './components/order-summary';
import { BackToPackages, PackageNotFound } from './components/package-not-found';
import { INIT_FAILED, PACKAGES_FAILED } from './components/payment-messages';
import { PaymentSuccess } from './components/payment-success';
import { useCompletePurchase } from './hooks/use-complete-purchase';

// Stripe.js is fetched only here, and only when the server runs with Stripe keys.
const StripePaymentForm = lazy(() =>
  import('./components/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })),
);

export function CheckoutPage() {
  usePageTitle('Complete Your Purchase');
  const { user } = useUser();
  const [params] = useSearchParams();
  const packageId = params.get('packageId');
  const packages = usePackages();
  const config = useAppConfig();
  const pkg = packages.data?.find((p) => p.id === packageId);

  const [intent, setIntent] = useState<CreatePaymentIntentResponse | null>(null);
  const [intentFailed, setIntentFailed] = useState(false);
  const startedFor = useRef<string | null>(null);
  const completion = useCompletePurchase({ redirectToDashboard: true });

  const startPayment = useCallback((id: string) => {
    startedFor.current = id;
    setIntentFailed(false);
    setIntent(null);
    createPaymentIntent(id)
      .then(setIntent)
      .catch(() => {
        setIntentFailed(true);
        toast({ variant: 'destructive', title: 'Error', description: INIT_FAILED });
      });
  }, []);

  // Spec part 2 §4: the payment intent is created when the page loads (once per package).
  useEffect(() => {
    if (pkg && startedFor.current !== pkg.id) startPayment(pkg.id);
  }, [pkg, startPayment]);

  if (!user) return null;

  const onPaid = (paymentIntentId: string) => completion.complete({ paymentIntentId, packageId: pkg?.id });

  let body;
  if (!packageId) body = <PackageNotFound />;
  else if (packages.isPending) body = <Skeleton className="h-80 w-full rounded-xl" />;
  else if (packages.isError)
    body = (
      <Alert variant="destructive">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>{PACKAGES_FAILED}</AlertDescription>
      </Alert>
    );
  else if (!pkg) body = <PackageNotFound />;
  else if (completion.tokensAdded !== null) body = <PaymentSuccess tokens={completion.tokensAdded} />;
  else {
    const amountLabel = formatMoney(pkg.priceInCents);
    const stripeKey = config.data?.stripePublishableKey;
    const offline = config.data?.engines?.payments !== 'stripe';
    body = (
      <div className="grid items-start gap-6 md:grid-cols-[1fr_1.3fr]">
        <OrderSummary pkg={pkg} />
        <Card>
          <CardHeader>
            <CardTitle level={2}>Payment details</CardTitle>
            <CardDescription>
              Pay securely by card to add {formatNumber(pkg.tokenAmount)} tokens.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {completion.error ? (
              <Alert variant="destructive" className="mb-4">
                <AlertTitle>Error processing purchase</AlertTitle>
                <AlertDescription>
                  <p>{completion.error}</p>
                  <p className="mt-1">
                    You can also check again from{' '}
                    <Link className="underline" to="/billing-history">
                      Billing History
                    </Link>
                    .
                  </p>
                </AlertDescription>
              </Alert>
            ) : null}
            {intentFailed ? (
              <Alert variant="destructive">
                <AlertTitle>Error</AlertTitle>
                <AlertDescription>
                  <p>{INIT_FAILED}</p>
                  <Button variant="outline" size="sm" className="mt-3" onClick={() => startPayment(pkg.id)}>
                    Try again
                  </Button>
                </AlertDescription>
              </Alert>
            ) : !intent || config.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner label="Preparing payment" />
              </div>
            ) : offline ? (
              <OfflineCardForm
                paymentIntentId={intent.paymentIntentId}
                amountLabel={amountLabel}
                onSucceeded={() => onPaid(intent.paymentIntentId)}
              />
            ) : stripeKey ? (
              <Suspense
                fallback={
                  <div className="flex justify-center py-10">
                    <Spinner label="Loading payment form" />
                  </div>
                }
              >
                <StripePaymentForm
                  publishableKey={stripeKey}
                  clientSecret={intent.clientSecret}
                  amountLabel={amountLabel}
                  onSucceeded={onPaid}
                />
              </Suspense>
            ) : (
              <Alert variant="destructive">
                <AlertTitle>Error</AlertTitle>
                <AlertDescription>{INIT_FAILED}</AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-4xl">
      <BackToPackages />
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">Complete Your Purchase</h1>
      {body}
    </div>
  );
}
