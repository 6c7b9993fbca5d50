import { RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { formatNumber } from '@web/lib/format';
import { useRecheckPayments } from '../api/billing-api';

export function RecheckPayments() {
  const recheck = useRecheckPayments();
  const run = async () => {
    try {
      const result = await recheck.mutateAsync();
      const tokens = result.credited.reduce((sum, c) => sum + c.tokens, 0);
      if (tokens > 0) {
        toast({
          variant: 'success',
          title: 'Purchase successful',
          description: `${formatNumber(tokens)} tokens have been added to your account.`,
        });
      } else {
        toast({
          title: 'No missing payments found',
          description: 'Every completed payment is already in your balance.',
        });
      }
    } catch {
      // told by the error policy (src/web/lib/error-policy.ts)
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-medium">Payment received but no tokens?</p>
        <p className="text-sm text-muted-foreground">
          We check your recent payments with the payment provider and add anything missing.
        </p>
      </div>
      <Button variant="outline" onClick={run} disabled={recheck.isPending}>
        {recheck.isPending ? <ButtonSpinner /> : <RefreshCw aria-hidden="true" />}
        Check my payments
      </Button>
    </div>
  );
}
