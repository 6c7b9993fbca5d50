import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { VariantProps } from 'class-variance-authority';
import { Button } from './button';
import type { buttonVariants } from './button-variants';
import type { IconComponent } from './icon-button';

type ButtonLinkProps = ComponentProps<typeof Link> &
  VariantProps<typeof buttonVariants> & {
    /** drawn before the text, as decoration */
    icon?: IconComponent;
  };

/** A link inside the app that looks like a button (it navigates, so it stays a link for screen readers). */
export function ButtonLink({ variant, size, className, icon: Icon, children, ...props }: ButtonLinkProps) {
  return (
    <Button variant={variant} size={size} className={className} asChild>
      <Link {...props}>
        {Icon ? <Icon aria-hidden="true" /> : null}
        {children}
      </Link>
    </Button>
  );
}
