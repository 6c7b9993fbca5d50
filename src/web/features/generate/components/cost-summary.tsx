/** What a run costs and what the person has; read out as it changes. */
export function CostSummary({
  cost,
  perImage,
  count,
  balance,
}: {
  cost: number;
  perImage: number;
  count: number;
  balance: number;
}) {
  return (
    <div className="space-y-2 rounded-lg bg-muted p-3 text-sm" aria-live="polite">
      <div className="flex justify-between">
        <span>Token cost</span>
        <span className="font-semibold tabular-nums" data-testid="generator-cost">
          {cost} tokens
        </span>
      </div>
      <div className="flex justify-between text-muted-foreground">
        <span>
          {perImage} × {count} image(s)
        </span>
        <span className="tabular-nums" data-testid="generator-balance">
          Balance: {balance}
        </span>
      </div>
    </div>
  );
}
