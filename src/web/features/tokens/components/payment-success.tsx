import { Link } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatNumber } from '@web/lib/format';

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
        <Button asChild>
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
