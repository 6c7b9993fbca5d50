import { CurrentPasswordField } from '@web/components/current-password-field';
import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import type { PasskeyInfo } from '@shared/schemas/two-factor';
import { errorMessage } from '@web/lib/api';
import { formatDateTime } from '@web/lib/format';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { useAddPasskey, useRemovePasskey, useRenamePasskey, useTwoFactorStatus } from '../api/two-factor-api';

/** Passkeys: a sign-in of their own (no password, no code), and an admin's second factor. */
export function PasskeysCard() {
  const status = useTwoFactorStatus();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const passkeys = status.data?.passkeys ?? [];

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (!password) return setError('Password is required');
    try {
      await add.mutateAsync({ name: name.trim(), password });
      setName('');
      setPassword('');
      setError(undefined);
      toast({ title: 'Passkey added', description: 'You can sign in with it instead of your password.' });
    } catch (err) {
      setError(errorMessage(err, 'The passkey was not added.'));
    }
  };

  return (
    <SectionCard
      title="Passkeys"
      description="Sign in with your device's screen lock or a security key instead of a password and code."
      contentClassName="grid gap-4"
    >
      {passkeys.length ? (
        <ul aria-label="Passkeys" className="grid gap-2">
          {passkeys.map((k) => (
            <PasskeyRow key={k.id} passkey={k} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No passkeys yet.</p>
      )}
      <form onSubmit={onAdd} noValidate className="grid gap-3">
        <FormField id="passkey-name" label="Passkey name" hint="For example: Work laptop">
          {(control) => (
            <Input {...control} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
        <CurrentPasswordField id="passkey-password" value={password} onChange={setPassword} error={error} />
        <Button type="submit" pending={add.isPending} className="justify-self-start">
          <KeyRound aria-hidden="true" />
          Add a passkey
        </Button>
      </form>
    </SectionCard>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeyInfo }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState(passkey.name);
  const [password, setPassword] = useState('');
  const [removing, setRemoving] = useState(false);
  const id = `passkey-${passkey.id}`;

  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-end gap-2">
        <FormField id={`${id}-name`} label="Name" className="min-w-0 flex-1">
          {(control) => (
            <Input {...control} value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
        <Button
          type="button"
          variant="outline"
          disabled={!name.trim() || name.trim() === passkey.name}
          pending={rename.isPending}
          onClick={() =>
            rename.mutate(
              { id: passkey.id, name: name.trim() },
              {
                onSuccess: () => toast({ title: 'Passkey renamed' }),
              },
            )
          }
        >
          Save name
        </Button>
        <Button
          type="button"
          variant="destructive"
          onClick={() => setRemoving(!removing)}
          aria-expanded={removing}
        >
          Remove
        </Button>
      </div>
      <p className="text-muted-foreground">
        Added {formatDateTime(passkey.createdAt)} ·{' '}
        {passkey.lastUsedAt ? `last used ${formatDateTime(passkey.lastUsedAt)}` : 'never used'}
      </p>
      {removing ? (
        <form
          noValidate
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            remove.mutate(
              { id: passkey.id, password },
              {
                onSuccess: () => toast({ title: 'Passkey removed' }),
              },
            );
          }}
        >
          <CurrentPasswordField
            id={`${id}-password`}
            value={password}
            onChange={setPassword}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="destructive" pending={remove.isPending}>
            Remove passkey
          </Button>
        </form>
      ) : null}
    </li>
  );
}
