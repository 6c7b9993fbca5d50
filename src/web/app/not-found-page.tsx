import { usePageTitle } from '@web/lib/use-page-title';
import { ButtonLink } from '@web/components/ui/button-link';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 text-center">
      <p className="text-6xl font-extrabold text-primary-text" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">
        The page you&apos;re looking for doesn&apos;t exist or has been moved.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <ButtonLink to="/">Go Home</ButtonLink>
        <ButtonLink variant="outline" to="/dashboard">
          Dashboard
        </ButtonLink>
      </div>
    </div>
  );
}
