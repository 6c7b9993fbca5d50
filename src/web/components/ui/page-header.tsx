import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/**
 * A page's heading and the sentence under it, as plain text: the page draws it, and the server sends
 * it in the HTML before the page's scripts arrive (app/routes.tsx `frame`, http/pages.ts).
 */
export type PageHeaderText = { title: string; description?: string };

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
};

export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
