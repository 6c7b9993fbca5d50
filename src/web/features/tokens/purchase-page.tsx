import { Coins, Sparkles } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';
import { PageHeader } from '@web/components/ui/page-header';
import { PURCHASE_TOKENS_HEADER } from './page-headers';
import { Skeleton } from '@web/components/ui/skeleton';
import { useUser } from '@web/lib/session';
import { formatMoney, formatNumber, formatTokens, pricePerToken } from '@web/lib/format';
import { usePageTitle } from '@web/lib/use-page-title';
import { usePackages } from './api/tokens-api';
import { ButtonLink } from '@web/components/ui/button-link';

export function PurchaseTokensPage() {
  usePageTitle(PURCHASE_TOKENS_HEADER.title);
  const { user } = useUser();
  const packages = usePackages();
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        {...PURCHASE_TOKENS_HEADER}
        actions={
          <p className="text-sm text-muted-foreground">
            Current balance:{' '}
            <span className="font-semibold text-foreground">{formatTokens(user.tokenBalance)}</span>
          </p>
        }
      />

      {packages.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-64 w-full rounded-xl" />
          ))}
        </div>
      ) : packages.isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>
            <p>Failed to load token packages. Please try again later.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void packages.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : packages.data.length === 0 ? (
        <p className="text-muted-foreground">
          No token packages are available right now. Please check back later.
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {packages.data.map((pkg) => (
            <li key={pkg.id}>
              <Card
                className={
                  pkg.isDiscounted ? 'relative h-full border-primary ring-1 ring-primary' : 'relative h-full'
                }
              >
                <CardHeader>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle level={2}>{pkg.name}</CardTitle>
                    {pkg.isDiscounted ? (
                      <Badge>
                        <Sparkles aria-hidden="true" />
                        Discounted
                      </Badge>
                    ) : null}
                  </div>
                  <CardDescription className="flex items-center gap-1.5">
                    <Coins aria-hidden="true" className="size-4" />
                    {formatNumber(pkg.tokenAmount)} tokens
                  </CardDescription>
                </CardHeader>
                <CardContent className="space-y-1">
                  <p className="text-3xl font-bold tracking-tight">{formatMoney(pkg.priceInCents)}</p>
                  <p className="text-sm text-muted-foreground">
                    {pricePerToken(pkg.priceInCents, pkg.tokenAmount)}
                  </p>
                </CardContent>
                <CardFooter>
                  <ButtonLink
                    className="w-full"
                    to={`/tokens/checkout?packageId=${encodeURIComponent(pkg.id)}`}
                    aria-label={`Purchase Now: ${pkg.name}`}
                  >
                    Purchase Now
                  </ButtonLink>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
