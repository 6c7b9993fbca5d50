import { Link } from 'react-router';
import { ArrowLeft, CircleAlert } from 'lucide-react';
import { PACKAGE_NOT_FOUND } from '@shared/schemas/tokens';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

export function BackToPackages() {
  return (
    <Button asChild variant="ghost" className="-ml-3 mb-4">
      <Link to="/tokens/purchase">
        <ArrowLeft aria-hidden="true" />
        Back to Packages
      </Link>
    </Button>
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
        <Button asChild>
          <Link to="/tokens/purchase">Back to Packages</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
