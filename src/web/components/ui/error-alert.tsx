import { CircleX } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

/** A part of a page that failed to load: what failed, the server's text, and a way to ask again. */
export function ErrorAlert({
  title,
  error,
  onRetry,
  retryLabel = 'Try again',
  fallback = 'Please try again.',
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retryLabel?: string;
  /** said when the error carries no message of the server's */
  fallback?: string;
}) {
  return (
    <Alert variant="destructive">
      <CircleX aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <p>{errorMessage(error, fallback)}</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {retryLabel}
        </Button>
      </AlertDescription>
    </Alert>
  );
}
