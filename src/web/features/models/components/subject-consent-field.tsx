import { SUBJECT_ATTESTATION } from '@shared/privacy-notices';
import { formatDateTime } from '@web/lib/format';

type SubjectConsentFieldProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** when the owner already attested for this model (ISO time); the box is then shown as done */
  attestedAt?: string | null;
  error?: string;
  disabled?: boolean;
};

/**
 * The subject attestation (docs/decisions/025-consent-and-retention.md), asked in plain words before
 * the drop zone: the server refuses photos without it (403 CONSENT_REQUIRED).
 */
export function SubjectConsentField({
  checked,
  onChange,
  attestedAt,
  error,
  disabled,
}: SubjectConsentFieldProps) {
  if (attestedAt) {
    return (
      <p className="rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
        You confirmed on {formatDateTime(attestedAt)}: {SUBJECT_ATTESTATION}
      </p>
    );
  }
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <label htmlFor="subject-consent" className="flex items-start gap-3 text-sm">
        <input
          id="subject-consent"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'subject-consent-error' : 'subject-consent-hint'}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{SUBJECT_ATTESTATION}</span>
      </label>
      {error ? (
        <p id="subject-consent-error" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : (
        <p id="subject-consent-hint" className="pl-7 text-xs text-muted-foreground">
          Required before you can add photos. Never upload photos of someone who has not agreed.
        </p>
      )}
    </div>
  );
}
