import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { isApiError } from '@web/lib/api';
import { Label } from './label';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  id: string;
  label: ReactNode;
  /** Shown under the control while there is no error. */
  hint?: ReactNode;
  error?: string;
  /** Extra content on the label row (e.g. a "Forgot your password?" link). */
  labelAside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Wires label, hint and error to the control so screen readers read them with it. */
export function FormField({ id, label, hint, error, labelAside, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A refusal that names its fields (a taken username, a wrong current password) shows each message
 * under its field too; `setError` is react-hook-form's.
 */
export function showFieldErrors<N extends string>(
  error: unknown,
  names: readonly N[],
  setError: (name: N, error: { type: 'server'; message: string }) => void,
) {
  if (!isApiError(error) || !error.fields) return;
  for (const name of names) {
    const message = error.fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}
