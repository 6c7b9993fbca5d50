import { LoaderCircle } from 'lucide-react';
import { clsx } from 'clsx';

// Spinners sit on the first load (route fallbacks), so they join classes without tailwind-merge:
// `className` replaces the default size instead of overriding it.
export function Spinner({ className = 'size-5', label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={clsx('animate-spin text-muted-foreground', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

/** A decorative spinner for inside buttons, whose own text already says what is happening. */
export function ButtonSpinner({ className = 'size-4' }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={clsx('animate-spin', className)} />;
}
