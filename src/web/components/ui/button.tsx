import type { ComponentProps } from 'react';
import { Slot } from '@radix-ui/react-slot';
import type { VariantProps } from 'class-variance-authority';
import { cn } from '@web/lib/cn';
import { useHydrated } from '@web/lib/hydration';
import { buttonVariants } from './button-variants';
import { ButtonSpinner } from './spinner';

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child (e.g. a router Link) with button styling instead of a <button>. */
    asChild?: boolean;
    /** Its work is under way: disabled, with a spinner before its text (which says what it does). */
    pending?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  disabled,
  pending,
  children,
  ...props
}: ButtonProps) {
  // On a page the server sent as HTML nothing is wired before React has taken it over (its scripts load
  // after the first paint: src/server/http/after-paint.ts): a click would be lost, and a form would submit
  // itself natively with its fields in the URL. So every button waits for that
  // (docs/decisions/029-react-everywhere-and-prerender.md); on a page drawn in the browser it never waits.
  const hydrated = useHydrated();
  if (asChild)
    return (
      <Slot
        className={cn(buttonVariants({ variant, size }), className)}
        {...(disabled === undefined ? {} : { disabled })}
        {...props}
      >
        {children}
      </Slot>
    );
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || pending || !hydrated}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    >
      {pending ? <ButtonSpinner /> : null}
      {children}
    </button>
  );
}
