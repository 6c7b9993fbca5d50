import { useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { cardFormSchema, type CardFormInput } from '@shared/schemas/tokens';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from '@web/lib/api';
import { confirmOfflinePayment } from '../api/tokens-api';
import { PAYMENT_FAILED_FALLBACK, PAYMENT_UNEXPECTED } from './payment-messages';

function groupCardNumber(value: string) {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string, previous: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // deleting the slash deletes the month's last digit with it
  if (previous.endsWith('/') && value.length < previous.length) return digits.slice(0, 1);
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

type Props = {
  paymentIntentId: string;
  amountLabel: string;
  onSucceeded: () => Promise<unknown> | void;
};

/**
 * docs/product/decisions.md §27: the offline provider's checkout is a real card form. It talks to the offline
 * provider the way Stripe's Payment Element talks to Stripe; no card is ever charged.
 */
export function OfflineCardForm({ paymentIntentId, amountLabel, onSucceeded }: Props) {
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const form = useForm<CardFormInput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setPaymentError(null);
    try {
      const result = await confirmOfflinePayment({
        paymentIntentId,
        cardNumber: values.cardNumber,
        expiry: values.expiry,
        cvc: values.cvc,
      });
      if (result.status === 'succeeded') {
        await onSucceeded();
        return;
      }
      const message = result.error || PAYMENT_FAILED_FALLBACK;
      setPaymentError(message);
      toast({ variant: 'destructive', title: 'Payment failed', description: message });
    } catch (error) {
      if (isApiError(error) && error.status < 500) {
        const message = error.message || PAYMENT_FAILED_FALLBACK;
        setPaymentError(message);
        toast({ variant: 'destructive', title: 'Payment failed', description: message });
      } else {
        setPaymentError(PAYMENT_UNEXPECTED);
        toast({ variant: 'destructive', title: 'Payment error', description: PAYMENT_UNEXPECTED });
      }
    }
  });

  const cardField = form.register('cardNumber');
  const expiryField = form.register('expiry');
  const cvcField = form.register('cvc');

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Card payment">
      <Alert>
        <FlaskConical aria-hidden="true" />
        <AlertTitle>Test payment</AlertTitle>
        <AlertDescription>
          <p>
            This checkout uses the built-in test payment provider: no card is charged. Pay with the test card
            4242 4242 4242 4242, any future expiry date and any CVC.
          </p>
        </AlertDescription>
      </Alert>

      <FormField id="card-number" label="Card number" error={errors.cardNumber?.message}>
        {(control) => (
          <Input
            {...control}
            {...cardField}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            onChange={(e: ChangeEvent<HTMLInputElement>) => {
              e.target.value = groupCardNumber(e.target.value);
              void cardField.onChange(e);
            }}
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField
          id="card-expiry"
          label="Expiry"
          hint="MM/YY"
          error={errors.expiry?.message}
          className="content-start"
        >
          {(control) => (
            <Input
              {...control}
              {...expiryField}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              onChange={(e: ChangeEvent<HTMLInputElement>) => {
                e.target.value = formatExpiry(e.target.value, form.getValues('expiry') ?? '');
                void expiryField.onChange(e);
              }}
            />
          )}
        </FormField>
        <FormField
          id="card-cvc"
          label="CVC"
          hint="3 or 4 digits"
          error={errors.cvc?.message}
          className="content-start"
        >
          {(control) => (
            <Input
              {...control}
              {...cvcField}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              onChange={(e: ChangeEvent<HTMLInputElement>) => {
                e.target.value = e.target.value.replace(/\D/g, '').slice(0, 4);
                void cvcField.onChange(e);
              }}
            />
          )}
        </FormField>
      </div>

      {paymentError ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {paymentError}
        </p>
      ) : null}

      <Button type="submit" size="lg" className="w-full" pending={isSubmitting}>
        Pay {amountLabel}
      </Button>
    </form>
  );
}
