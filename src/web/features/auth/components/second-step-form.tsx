import { useState, type FormEvent } from 'react';
import type { SecondFactorMethod } from '@shared/schemas/two-factor';
import { isApiError, errorMessage } from '@web/lib/api';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasskeyButton } from './passkey-button';
import { usePasskeySignIn, useSecondStep } from '../api/auth-mutations';

type Props = {
  methods: SecondFactorMethod[];
  onSignedIn: (user: { username: string }) => void;
  /** the pending sign-in ended (expired, or the person went back): ask for the password again */
  onRestart: (message?: string) => void;
};

/**
 * The sign-in's second step (docs/decisions/056-second-factor.md): the authenticator app's code, or
 * one of the backup codes ("lost your phone"), or a passkey when the account has one.
 */
export function SecondStepForm({ methods, onSignedIn, onRestart }: Props) {
  const [mode, setMode] = useState<'totp' | 'backup'>(methods.includes('totp') ? 'totp' : 'backup');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const step = useSecondStep();
  const passkey = usePasskeySignIn({ errorToast: false });
  const hasCodes = methods.includes('totp');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6) {
      setError(
        mode === 'totp'
          ? 'Enter the 6-digit code from your authenticator app'
          : 'Enter one of your backup codes',
      );
      return;
    }
    try {
      const { user } = await step.mutateAsync(code.trim());
      onSignedIn(user);
    } catch (err) {
      if (isApiError(err) && err.code === 'LOGIN_EXPIRED') return onRestart(err.message);
      setError(errorMessage(err, 'That code is not valid.'));
    }
  };

  const usePasskey = async () => {
    try {
      const { user } = await passkey.mutateAsync();
      onSignedIn(user);
    } catch (err) {
      setError(errorMessage(err, 'The passkey sign-in did not finish. Try again or use a code.'));
    }
  };

  const label = mode === 'totp' ? 'Authentication code' : 'Backup code';
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {mode === 'totp'
          ? 'Enter the 6-digit code your authenticator app shows for LoRA Studio.'
          : 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each works once.'}
      </p>
      {hasCodes ? (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="login-code" label={label} error={error}>
            {(control) => (
              <Input
                {...control}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  setError(undefined);
                }}
                autoComplete="one-time-code"
                inputMode={mode === 'totp' ? 'numeric' : 'text'}
                autoFocus
                maxLength={32}
              />
            )}
          </FormField>
          <Button type="submit" className="w-full" pending={step.isPending}>
            Verify
          </Button>
        </form>
      ) : error ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {hasCodes ? (
          <button
            type="button"
            className="text-primary-text underline-offset-4 hover:underline"
            onClick={() => {
              setMode(mode === 'totp' ? 'backup' : 'totp');
              setCode('');
              setError(undefined);
            }}
          >
            {mode === 'totp' ? 'Use a backup code' : 'Use your authenticator app'}
          </button>
        ) : null}
        <button
          type="button"
          className="text-primary-text underline-offset-4 hover:underline"
          onClick={() => onRestart()}
        >
          Start over
        </button>
      </div>
      {methods.includes('passkey') ? (
        <PasskeyButton pending={passkey.isPending} onClick={usePasskey}>
          Use a passkey
        </PasskeyButton>
      ) : null}
    </div>
  );
}
