import { useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Button } from '@web/components/ui/button';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { PAYMENT_FAILED_FALLBACK, PAYMENT_UNEXPECTED } from './payment-messages';

// This module (and Stripe.js with it) loads only on the checkout page, and only with Stripe keys.
const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

type Props = {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  onSucceeded: (paymentIntentId: string) => Promise<unknown> | void;
};

function PayForm({ amountLabel, onSucceeded }: Pick<Props, 'amountLabel' | 'onSucceeded'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setPaymentError(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/tokens/success` },
      });
      if (error) {
        const message = error.message || PAYMENT_FAILED_FALLBACK;
        setPaymentError(message);
        toast({ variant: 'destructive', title: 'Payment failed', description: message });
      } else if (paymentIntent?.status === 'succeeded') {
        await onSucceeded(paymentIntent.id);
      } else if (paymentIntent?.status === 'processing') {
        setProcessing(true);
      } else {
        setPaymentError(PAYMENT_FAILED_FALLBACK);
        toast({ variant: 'destructive', title: 'Payment failed', description: PAYMENT_FAILED_FALLBACK });
      }
    } catch {
      setPaymentError(PAYMENT_UNEXPECTED);
      toast({ variant: 'destructive', title: 'Payment error', description: PAYMENT_UNEXPECTED });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" aria-label="Card payment">
      <PaymentElement />
      {paymentError ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {paymentError}
        </p>
      ) : null}
      {processing ? (
        <p role="status" className="text-sm text-muted-foreground">
          Your payment is processing. Your tokens are added as soon as it completes.
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={!stripe || !elements || busy || processing}
      >
        {busy ? <ButtonSpinner /> : null}
        Pay {amountLabel}
      </Button>
    </form>
  );
}

export function StripePaymentForm({ publishableKey, clientSecret, amountLabel, onSucceeded }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret }}>
      <PayForm amountLabel={amountLabel} onSucceeded={onSucceeded} />
    </Elements>
  );
}
