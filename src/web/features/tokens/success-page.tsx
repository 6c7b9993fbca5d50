import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { Button } from '@web/components/ui/button';
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
          <CardHeader className="items-center" aria-live="polite">
            <LoaderCircle aria-hidden="true" className="size-12 animate-spin text-primary-text" />
            <CardTitle level={1} className="text-2xl">
              Processing Your Payment
            </CardTitle>
            <CardDescription>Please wait while we verify your payment...</CardDescription>
          </CardHeader>
        ) : state.kind === 'success' ? (
          <>
            <CardHeader className="items-center" role="status">
              <CircleCheck aria-hidden="true" className="size-12 text-green-600 dark:text-green-400" />
              <CardTitle level={1} className="text-2xl">
                Payment Successful!
              </CardTitle>
              <CardDescription>
                {formatNumber(state.tokens)} tokens have been added to your account.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
              <Button asChild>
                <Link to="/dashboard">Go to Dashboard</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/tokens/purchase">Purchase More Tokens</Link>
              </Button>
            </CardContent>
          </>
        ) : (
          <>
            <CardHeader className="items-center" role="alert">
              <CircleAlert aria-hidden="true" className="size-12 text-destructive-text" />
              <CardTitle level={1} className="text-2xl">
                Payment Error
              </CardTitle>
              <CardDescription>{state.message}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
              <Button asChild>
                <Link to="/tokens/purchase">Try Again</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/dashboard">Go to Dashboard</Link>
              </Button>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
