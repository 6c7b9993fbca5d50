import type { TokenPackage } from '@shared/schemas/tokens';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatMoney, formatNumber, pricePerToken } from '@web/lib/format';

/** The checkout's package, tokens, unit price and total. */
export function OrderSummary({ pkg }: { pkg: TokenPackage }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Order summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div className="flex items-center justify-between gap-2">
            <dt className="text-muted-foreground">Package</dt>
            <dd className="flex items-center gap-2 font-medium">
              {pkg.name}
              {pkg.isDiscounted ? <Badge>Discounted</Badge> : null}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Tokens</dt>
            <dd className="font-medium">{formatNumber(pkg.tokenAmount)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Unit price</dt>
            <dd>{pricePerToken(pkg.priceInCents, pkg.tokenAmount)}</dd>
          </div>
          <div className="flex justify-between gap-2 border-t border-border pt-3 text-base">
            <dt className="font-semibold">Total</dt>
            <dd className="font-bold">{formatMoney(pkg.priceInCents)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
