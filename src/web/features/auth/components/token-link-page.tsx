import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { refetchUser } from '@web/lib/session';
import { usePageTitle } from '@web/lib/use-page-title';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { AuthCard } from './auth-card';

type Outcome = { title: string; body: ReactNode; next: ReactNode };

type TokenLinkPageProps<T> = {
  /** the document's title */
  pageTitle: string;
  /** the card's title */
  title: string;
  /** the token's shape, checked before anything is sent (a mangled link never reaches the server) */
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
  /** said when the server's answer has no text of its own */
  invalidLink: string;
  send: (token: string) => Promise<T>;
  /** "Verifying your email", while the token is on its way */
  working: string;
  success: (answer: T) => Outcome;
  failure: (message: string) => Outcome;
};

type Result<T> = { state: 'pending' } | { state: 'success'; answer: T } | { state: 'error'; message: string };

/**
 * A page opened from a mailed link with a single-use token: it sends the token once, then says how it
 * went and where to go next. The session is read again afterwards (the answer may sign the browser in
 * or out, or change the user).
 */
export function TokenLinkPage<T>({
  pageTitle,
  title,
  schema,
  invalidLink,
  send,
  working,
  success,
  failure,
}: TokenLinkPageProps<T>) {
  usePageTitle(pageTitle);
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [result, setResult] = useState<Result<T>>({ state: 'pending' });
  // A token is single-use: StrictMode's double effect must not send it twice.
  const sentFor = useRef<string | null>(null);
  // the page's own functions may change each render; the token is sent with the first ones
  const sendRef = useRef(send);

  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    const parsed = schema.safeParse({ token });
    if (!parsed.success) {
      setResult({ state: 'error', message: parsed.error?.issues[0]?.message ?? invalidLink });
      return;
    }
    sendRef
      .current(token)
      .then((answer) => {
        setResult({ state: 'success', answer });
        void refetchUser(client);
      })
      .catch((error: unknown) => setResult({ state: 'error', message: errorMessage(error, invalidLink) }));
  }, [token, client, schema, invalidLink]);

  if (result.state === 'pending') {
    return (
      <AuthCard title={title}>
        <div className="flex flex-col items-center gap-3 py-6 text-muted-foreground">
          <Spinner className="size-8" label={working} />
          <p>{working}…</p>
        </div>
      </AuthCard>
    );
  }
  const ok = result.state === 'success';
  const outcome = ok ? success(result.answer) : failure(result.message);
  return (
    <AuthCard title={title}>
      <Alert variant={ok ? 'success' : 'destructive'}>
        {ok ? <CircleCheck aria-hidden="true" /> : <CircleX aria-hidden="true" />}
        <AlertTitle>{outcome.title}</AlertTitle>
        <AlertDescription>{outcome.body}</AlertDescription>
      </Alert>
      {outcome.next}
    </AuthCard>
  );
}
