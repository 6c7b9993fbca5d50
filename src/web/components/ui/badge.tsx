import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@web/lib/cn';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        destructive: 'border-transparent bg-destructive text-destructive-foreground',
        outline: 'border-border text-foreground',
        // Status colours (docs/product/spec-part-1.md §4: gray, blue, amber, green, red); readable in both modes.
        gray: 'border-transparent bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200',
        blue: 'border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
        amber: 'border-transparent bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
        green: 'border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
        red: 'border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** How a status reads: its words and its colour. */
export type StatusLook = { label: string; variant: NonNullable<BadgeProps['variant']> };

/** A status as a badge, looked up in a screen's own table; an unknown status reads as `unknown`. */
export function StatusBadge({
  status,
  looks,
  unknown,
}: {
  status: string;
  looks: Record<string, StatusLook | undefined>;
  unknown: StatusLook;
}) {
  const look = looks[status] ?? unknown;
  return <Badge variant={look.variant}>{look.label}</Badge>;
}
