/** The closed select's look, shared by the plain trigger (./select.tsx) and Radix's (./select-radix.tsx). */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-placeholder:text-muted-foreground [&>span]:truncate';
