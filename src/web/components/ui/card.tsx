import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { cn } from '@web/lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-xl border border-border bg-card text-card-foreground shadow-sm', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-6', className)} {...props} />;
}

/** A card's title; `level` keeps the page's outline without skips (a card right under the h1 is an h2). */
export function CardTitle({
  className,
  level = 3,
  ...props
}: ComponentProps<'h3'> & { level?: 1 | 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return (
    <Heading className={cn('text-lg leading-tight font-semibold tracking-tight', className)} {...props} />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-6 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center gap-2 p-6 pt-0', className)} {...props} />;
}

type SectionCardProps = {
  title: ReactNode;
  description?: ReactNode;
  /** beside the title, e.g. an Edit button */
  aside?: ReactNode;
  footer?: ReactNode;
  className?: string;
  contentClassName?: string;
  footerClassName?: string;
  /** the card is a form (its footer holds the submit button); validation is the form's own */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** more props of that form (e.g. a lazy resolver's `preloadOnUse`) */
  formProps?: Omit<ComponentProps<'form'>, 'onSubmit' | 'children'>;
  children: ReactNode;
};

/**
 * A section of a page as a card: its title as the page's second heading level, one line of what it
 * is for, the content, and the buttons in its footer.
 */
export function SectionCard({
  title,
  description,
  aside,
  footer,
  className,
  contentClassName,
  footerClassName,
  onSubmit,
  formProps,
  children,
}: SectionCardProps) {
  const heading = (
    <>
      <CardTitle role="heading" aria-level={2}>
        {title}
      </CardTitle>
      {description ? <CardDescription>{description}</CardDescription> : null}
    </>
  );
  const body = (
    <>
      {aside ? (
        <CardHeader className="flex flex-row items-start justify-between gap-2">
          <div className="space-y-1">{heading}</div>
          {aside}
        </CardHeader>
      ) : (
        <CardHeader>{heading}</CardHeader>
      )}
      <CardContent className={contentClassName}>{children}</CardContent>
      {footer ? <CardFooter className={footerClassName}>{footer}</CardFooter> : null}
    </>
  );
  return (
    <Card className={className}>
      {onSubmit ? (
        <form noValidate {...formProps} onSubmit={onSubmit}>
          {body}
        </form>
      ) : (
        body
      )}
    </Card>
  );
}

type FormCardProps = {
  /** the card's heading, when the page's own header does not name the form */
  title?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** the form's buttons, at its end on the right */
  actions: ReactNode;
  children: ReactNode;
};

/** A page's form in a card: its fields, then its buttons. Validation is the form's own. */
export function FormCard({ title, onSubmit, actions, children }: FormCardProps) {
  return (
    <Card>
      {title ? (
        <CardHeader>
          <CardTitle className="text-2xl">{title}</CardTitle>
        </CardHeader>
      ) : null}
      <CardContent className={title ? undefined : 'pt-6'}>
        <form className="grid gap-5" onSubmit={onSubmit} noValidate>
          {children}
          <div className="flex flex-wrap justify-end gap-2">{actions}</div>
        </form>
      </CardContent>
    </Card>
  );
}
