import { ErrorAlert } from '@web/components/ui/error-alert';

/** An admin tab whose list failed to load. */
export function TabError(props: { title: string; error: unknown; onRetry: () => void }) {
  return <ErrorAlert {...props} retryLabel="Retry" />;
}
