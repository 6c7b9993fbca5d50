import { CurrentPasswordField } from '@web/components/current-password-field';
import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { errorMessage } from '@web/lib/api';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useConfirmTotp, useDisableTotp, useStartTotp, useTwoFactorStatus } from '../api/two-factor-api';
import { CopyButton, CopyField } from '@web/components/copy-field';
import { QrCode } from './qr-code';

type Enrolment = { secret: string; otpauthUrl: string };

/**
 * The authenticator app (TOTP): set up with the password, a scan (or the secret typed in) and one code
 * to prove it; ten backup codes shown once; turned off with the password and a code.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ password?: string; code?: string }>({});
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);

  const fail = (err: unknown, field: 'password' | 'code', fallback: string) => {
    const message = errorMessage(err, fallback);
    const fields = (err as { fields?: Record<string, string> })?.fields;
    setError(fields?.currentPassword || fields?.password ? { password: message } : { [field]: message });
  };

  const onStart = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ password: 'Password is required' });
    try {
      setEnrolment(await start.mutateAsync(password));
      setPassword('');
      setError({});
    } catch (err) {
      fail(err, 'password', 'Could not start the set-up.');
    }
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim().length < 6)
      return setError({ code: 'Enter the 6-digit code from your authenticator app' });
    try {
      const { backupCodes: codes } = await confirm.mutateAsync(code.trim());
      setBackupCodes(codes);
      setEnrolment(null);
      setCode('');
      setError({});
      toast({ title: 'Two-factor authentication is on', description: 'Save your backup codes now.' });
    } catch (err) {
      fail(err, 'code', 'That code is not valid.');
    }
  };

  const onDisable = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError({ password: 'Password is required' });
    if (code.trim().length < 6) return setError({ code: 'Enter a code from your app or a backup code' });
    try {
      await disable.mutateAsync({ password, code: code.trim() });
      setPassword('');
      setCode('');
      setError({});
      toast({ title: 'Authenticator app turned off' });
    } catch (err) {
      fail(err, 'code', 'Could not turn it off.');
    }
  };

  const codeField = (id: string, label: string) => (
    <FormField id={id} label={label} error={error.code}>
      {(control) => (
        <Input
          {...control}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          maxLength={32}
        />
      )}
    </FormField>
  );
  const passwordField = (id: string) => (
    <CurrentPasswordField id={id} value={password} onChange={setPassword} error={error.password} />
  );

  const on = status.data?.totp ?? false;
  return (
    <SectionCard
      title="Two-factor authentication"
      description="Sign-ins ask for a code from an authenticator app after your password."
      aside={on ? <Badge>On</Badge> : <Badge variant="outline">Off</Badge>}
      contentClassName="grid gap-4"
    >
      {status.data?.required && !on && !(status.data.passkeys.length > 0) ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm">
          Admins must use two-factor authentication. Set up an authenticator app or add a passkey to open the
          admin panel.
        </p>
      ) : null}
      {backupCodes ? (
        <div className="grid gap-3">
          <p className="text-sm">
            These backup codes sign you in if you lose your phone. Each works once, and they are shown only
            now: save them somewhere safe.
          </p>
          <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <CopyButton value={backupCodes.join('\n')} label="Backup codes" />
            <Button type="button" onClick={() => setBackupCodes(null)}>
              I have saved them
            </Button>
          </div>
        </div>
      ) : enrolment ? (
        <form onSubmit={onConfirm} noValidate className="grid gap-4">
          <p className="text-sm">
            Scan this code with your authenticator app, or type the key by hand, then enter the 6-digit code
            it shows.
          </p>
          <QrCode value={enrolment.otpauthUrl} label="QR code for your authenticator app" />
          <CopyField id="totp-secret" label="Setup key" value={enrolment.secret} />
          {codeField('totp-confirm-code', 'Code from the app')}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={confirm.isPending}>
              <ShieldCheck aria-hidden="true" />
              Turn on
            </Button>
            <Button type="button" variant="outline" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : on ? (
        <form onSubmit={onDisable} noValidate className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {status.data?.backupCodesLeft ?? 0} of 10 backup codes left. To turn the app off, enter your
            password and a code from it (or a backup code).
          </p>
          {passwordField('totp-disable-password')}
          {codeField('totp-disable-code', 'Code or backup code')}
          <Button
            type="submit"
            variant="destructive"
            pending={disable.isPending}
            className="justify-self-start"
          >
            Turn off authenticator app
          </Button>
        </form>
      ) : (
        <form onSubmit={onStart} noValidate className="grid gap-4">
          {passwordField('totp-start-password')}
          <Button type="submit" pending={start.isPending} className="justify-self-start">
            Set up authenticator app
          </Button>
        </form>
      )}
    </SectionCard>
  );
}
