import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { ButtonLink } from '@web/components/ui/button-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { useUser } from '@web/lib/session';
import { errorMessage } from '@web/lib/api';
import { formatNumber } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { usePurchaseTokens } from './api/tokens-api';
import { PROCESS_FAILED, PROCESS_FAILED_TOAST, RETURN_MISSING } from './components/payment-messages';

type State =
  { kind: 'processing' } | { kind: 'success'; tokens: number } | { kind: 'error'; message: string };

/** How the payment stands: its icon, a title and a sentence; `role`/`aria-live` say how it is announced. */
function Outcome({
  icon,
  title,
  children,
  ...props
}: ComponentProps<typeof CardHeader> & { icon: ReactNode; title: string }) {
  return (
    <CardHeader className="items-center" {...props}>
      {icon}
      <CardTitle level={1} className="text-2xl">
        {title}
      </CardTitle>
      <CardDescription>{children}</CardDescription>
    </CardHeader>
  );
}

/** Where to go next: the first link is the main one. */
function NextSteps({ links }: { links: [{ to: string; label: string }, { to: string; label: string }] }) {
  const [main, other] = links;
  return (
    <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
      <ButtonLink to={main.to}>{main.label}</ButtonLink>
      <ButtonLink variant="outline" to={other.to}>
        {other.label}
      </ButtonLink>
    </CardContent>
  );
}

/**
 * /tokens/success: where Stripe sends the browser back after a redirect-based payment
 * (?payment_intent=…&redirect_status=…). The server re-reads the payment from the provider and
 * credits it once; this page only asks and shows the answer.
 */
export function PaymentSuccessPage() {
  usePageTitle('Payment status');
  const { user } = useUser();
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const valid = Boolean(paymentIntentId) && redirectStatus === 'succeeded';
  const [state, setState] = useState<State>(
    valid ? { kind: 'processing' } : { kind: 'error', message: RETURN_MISSING },
  );
  const purchase = usePurchaseTokens({
    errorTitle: 'Error processing payment',
    errorFallback: PROCESS_FAILED_TOAST,
  });
  const asked = useRef(false);

  useEffect(() => {
    if (!valid || !paymentIntentId || asked.current) return;
    asked.current = true;
    purchase
      .mutateAsync({ paymentIntentId })
      .then(({ transaction }) => {
        setState({ kind: 'success', tokens: transaction.amount });
        toast({
          variant: 'success',
          title: 'Purchase successful',
          description: `${formatNumber(transaction.amount)} tokens have been added to your account.`,
        });
      })
      .catch((error: unknown) => {
        // the toast is the error policy's (meta above); the page keeps the message
        setState({ kind: 'error', message: errorMessage(error, PROCESS_FAILED) });
      });
  }, [valid, paymentIntentId, purchase]);

  if (!user) return null;

  return (
    <div className="mx-auto flex w-full max-w-lg justify-center py-8">
      <Card className="w-full text-center">
        {state.kind === 'processing' ? (
          <Outcome
            aria-live="polite"
            icon={<LoaderCircle aria-hidden="true" className="size-12 animate-spin text-primary-text" />}
            title="Processing Your Payment"
          >
            Please wait while we verify your payment...
          </Outcome>
        ) : state.kind === 'success' ? (
          <>
            <Outcome
              role="status"
              icon={<CircleCheck aria-hidden="true" className="size-12 text-green-600 dark:text-green-400" />}
              title="Payment Successful!"
            >
              {formatNumber(state.tokens)} tokens have been added to your account.
            </Outcome>
            <NextSteps
              links={[
                { to: '/dashboard', label: 'Go to Dashboard' },
                { to: '/tokens/purchase', label: 'Purchase More Tokens' },
              ]}
            />
          </>
        ) : (
          <>
            <Outcome
              role="alert"
              icon={<CircleAlert aria-hidden="true" className="size-12 text-destructive-text" />}
              title="Payment Error"
            >
              {state.message}
            </Outcome>
            <NextSteps
              links={[
                { to: '/tokens/purchase', label: 'Try Again' },
                { to: '/dashboard', label: 'Go to Dashboard' },
              ]}
            />
          </>
        )}
      </Card>
    </div>
  );
}
