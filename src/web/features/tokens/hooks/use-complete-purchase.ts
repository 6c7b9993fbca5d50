import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CHECKOUT_REDIRECT_MS } from '@shared/constants';
import { toast } from '@web/components/ui/use-toast';
import { usePurchaseTokens } from '../api/tokens-api';
import { formatNumber } from '@web/lib/format';

export const RECORDING_FAILED =
  'Your payment was successful, but there was an error adding tokens to your account. Please contact support.';

/**
 * After the provider says "succeeded": record the purchase, refresh the user, show the success
 * view and go to the dashboard after 2 s (docs/product/spec-part-2.md §2, §9).
 */
export function useCompletePurchase(opts: { redirectToDashboard: boolean }) {
  const navigate = useNavigate();
  // Said here, not by the error policy: the payment went through, so the spec's words are fixed
  // whatever the server says (spec part 2 §8, "Error processing purchase").
  const purchase = usePurchaseTokens({ errorToast: false });
  const [tokensAdded, setTokensAdded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function complete(input: { paymentIntentId: string; packageId?: string }) {
    setError(null);
    try {
      const { transaction } = await purchase.mutateAsync(input);
      setTokensAdded(transaction.amount);
      toast({
        variant: 'success',
        title: 'Purchase successful',
        description: `${formatNumber(transaction.amount)} tokens have been added to your account.`,
      });
      if (opts.redirectToDashboard) {
        timer.current = setTimeout(() => navigate('/dashboard'), CHECKOUT_REDIRECT_MS);
      }
      return true;
    } catch {
      setError(RECORDING_FAILED);
      toast({ variant: 'destructive', title: 'Error processing purchase', description: RECORDING_FAILED });
      return false;
    }
  }

  return { complete, tokensAdded, error, isRecording: purchase.isPending };
}
