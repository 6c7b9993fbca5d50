import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/**
 * A busy placeholder for a list or a grid: screen readers hear one "Loading …" status in place of
 * the hidden skeletons. The role matters: a name on a plain div is an ARIA error (axe's
 * aria-prohibited-attr), which a page scanned while it loads would report.
 */
export function SkeletonGroup({ label, ...props }: ComponentProps<'div'> & { label: string }) {
  return <div role="status" aria-busy="true" aria-label={label} {...props} />;
}
