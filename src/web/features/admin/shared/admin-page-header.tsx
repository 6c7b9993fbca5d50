import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { PageHeader } from '@web/components/ui/page-header';
import { ButtonLink } from '@web/components/ui/button-link';

/** The way back from an admin page to the admin dashboard (or one of its tabs). */
export function BackToDashboard({ to = '/admin' }: { to?: string }) {
  return (
    <ButtonLink variant="outline" to={to} icon={ArrowLeft}>
      Back to Dashboard
    </ButtonLink>
  );
}

type AdminPageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** the page's own buttons, before the way back */
  actions?: ReactNode;
  /** where "Back to Dashboard" leads; `false` for a page reached from the admin menu without one */
  back?: string | false;
  className?: string;
};

/** Every admin page's header: title, one line of what it is for, its buttons and the way back. */
export function AdminPageHeader({
  title,
  description,
  actions,
  back = '/admin',
  className,
}: AdminPageHeaderProps) {
  return (
    <PageHeader
      title={title}
      description={description}
      className={className}
      actions={
        actions || back ? (
          <>
            {actions}
            {back ? <BackToDashboard to={back} /> : null}
          </>
        ) : undefined
      }
    />
  );
}
