import { ArrowLeft, CircleAlert } from 'lucide-react';
import { PACKAGE_NOT_FOUND } from '@shared/schemas/tokens';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { ButtonLink } from '@web/components/ui/button-link';

export function BackToPackages() {
  return (
    <ButtonLink variant="ghost" className="-ml-3 mb-4" to="/tokens/purchase" icon={ArrowLeft}>
      Back to Packages
    </ButtonLink>
  );
}

export function PackageNotFound() {
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center text-center">
        <CircleAlert aria-hidden="true" className="size-10 text-destructive-text" />
        <CardTitle level={2}>Package not found</CardTitle>
        <CardDescription>{PACKAGE_NOT_FOUND}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <ButtonLink to="/tokens/purchase">Back to Packages</ButtonLink>
      </CardContent>
    </Card>
  );
}
