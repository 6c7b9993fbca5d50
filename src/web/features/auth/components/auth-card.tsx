import type { ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@web/components/ui/card';

type AuthCardProps = { title: ReactNode; description?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The narrow centred card every sign-in screen shares. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col py-6 sm:py-10">
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl" role="heading" aria-level={1}>
            {title}
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? (
          <CardFooter className="justify-center text-center text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
