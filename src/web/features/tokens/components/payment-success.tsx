import { CircleCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatNumber } from '@web/lib/format';
import { ButtonLink } from '@web/components/ui/button-link';

export function PaymentSuccess({ tokens }: { tokens: number }) {
  return (
    <Card className="mx-auto w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <CircleCheck aria-hidden="true" className="size-12 text-green-600 dark:text-green-400" />
        <CardTitle level={1} className="text-2xl">
          <span role="status">Payment Successful</span>
        </CardTitle>
        <CardDescription>
          {formatNumber(tokens)} tokens have been added to your account. Taking you to your dashboard…
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
      </CardContent>
    </Card>
  );
}
