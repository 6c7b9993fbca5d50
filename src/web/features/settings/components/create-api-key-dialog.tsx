import { CurrentPasswordField } from '@web/components/current-password-field';
import { useState, type FormEvent } from 'react';
import { KeyRound, Plus, TriangleAlert } from 'lucide-react';
import {
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  API_KEY_TEXTS,
  type ApiKeyExpiryDays,
  type ApiKeyScopeName,
} from '@shared/api-key-texts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFooter,
  DialogFormFooter,
  DialogHeading,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { errorMessage, isApiError } from '@web/lib/api';
import { useCreateApiKey } from '../api/api-keys-api';
import { CopyField } from '@web/components/copy-field';

export const SCOPE_TEXT: Record<ApiKeyScopeName, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'List your models, their training status and your gallery.' },
  generate: { label: 'Generate', hint: 'Generate images (spends your tokens).' },
};

const EXPIRY_LABEL: Record<ApiKeyExpiryDays, string> = { 30: '30 days', 90: '90 days', 365: '1 year' };
const NEVER = 'never';

/**
 * Names a new key, picks its scopes and its life, asks for the password, then shows its token once,
 * with a copy button and a warning. The server mails the owner a notice of every new key.
 */
export function CreateApiKeyDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScopeName[]>(['read']);
  const [expiry, setExpiry] = useState<string>(String(API_KEY_DEFAULT_EXPIRY_DAYS));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ name?: string; scopes?: string; password?: string }>({});
  const [token, setToken] = useState<string | null>(null);
  const create = useCreateApiKey();

  const reset = () => {
    setName('');
    setScopes(['read']);
    setExpiry(String(API_KEY_DEFAULT_EXPIRY_DAYS));
    setPassword('');
    setErrors({});
    setToken(null);
    create.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    const found = {
      name: !trimmed
        ? API_KEY_TEXTS.nameRequired
        : trimmed.length > API_KEY_NAME_MAX
          ? API_KEY_TEXTS.nameTooLong
          : undefined,
      scopes: scopes.length === 0 ? API_KEY_TEXTS.scopesRequired : undefined,
      password: password ? undefined : API_KEY_TEXTS.passwordRequired,
    };
    setErrors(found);
    if (found.name || found.scopes || found.password) return;
    const expiresInDays = expiry === NEVER ? null : (Number(expiry) as ApiKeyExpiryDays);
    create.mutate(
      { name: trimmed, scopes, expiresInDays, password },
      {
        onSuccess: (data) => {
          setPassword('');
          setToken(data.apiKey.token);
        },
        onError: (err) => {
          if (isApiError(err) && err.fields)
            setErrors({ name: err.fields.name, scopes: err.fields.scopes, password: err.fields.password });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button disabled={disabled}>
          <Plus aria-hidden="true" />
          Create API key
        </Button>
      </DialogTrigger>
      <DialogContent>
        {token ? (
          <>
            <DialogHeading
              title="Your new API key"
              description="Use it as a Bearer token: Authorization: Bearer <key>."
            />
            <Alert variant="warning">
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>Copy it now</AlertTitle>
              <AlertDescription>
                This is the only time the key is shown. We store only a hash of it: if you lose it, revoke it
                and create another. Keep it secret, like a password.
              </AlertDescription>
            </Alert>
            <CopyField
              id="new-api-key"
              label="API key"
              value={token}
              inputClassName="text-xs"
              data-testid="new-api-key"
            />
            <DialogFooter>
              <Button type="button" onClick={() => setOpen(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={submit} className="grid gap-4">
            <DialogHeading
              title="Create an API key"
              description="Name the key after the tool that will use it, and give it only the scopes it needs."
            />
            <FormField id="api-key-name" label="Name" error={errors.name} hint="e.g. “Build server”">
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  maxLength={API_KEY_NAME_MAX + 20}
                  autoComplete="off"
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </FormField>
            <fieldset
              className="grid gap-2"
              aria-describedby={errors.scopes ? 'api-key-scopes-error' : undefined}
            >
              <legend className="mb-1 text-sm font-medium">Scopes</legend>
              {API_KEY_SCOPES.map((scope) => (
                <label
                  key={scope}
                  htmlFor={`scope-${scope}`}
                  className="flex items-start gap-3 rounded-md border p-3 text-sm"
                >
                  <input
                    id={`scope-${scope}`}
                    type="checkbox"
                    className="mt-0.5 size-4 shrink-0 accent-primary"
                    checked={scopes.includes(scope)}
                    aria-describedby={`scope-${scope}-hint`}
                    onChange={(e) =>
                      setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))
                    }
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{SCOPE_TEXT[scope].label}</span>
                    <span id={`scope-${scope}-hint`} className="text-muted-foreground">
                      {SCOPE_TEXT[scope].hint}
                    </span>
                  </span>
                </label>
              ))}
              {errors.scopes ? (
                <p id="api-key-scopes-error" className="text-sm font-medium text-destructive-text">
                  {errors.scopes}
                </p>
              ) : null}
            </fieldset>
            <FormField
              id="api-key-expiry"
              label="Expires after"
              hint="The key stops working then; create a new one when it does."
            >
              {(control) => (
                <Select value={expiry} onValueChange={setExpiry}>
                  <SelectTrigger {...control}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {API_KEY_EXPIRY_DAYS.map((d) => (
                      <SelectItem key={d} value={String(d)}>
                        {EXPIRY_LABEL[d]}
                      </SelectItem>
                    ))}
                    <SelectItem value={NEVER}>Never</SelectItem>
                  </SelectContent>
                </Select>
              )}
            </FormField>
            <CurrentPasswordField
              id="api-key-password"
              label="Your password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setErrors((x) => ({ ...x, password: undefined }));
              }}
              error={errors.password}
              hint="A key acts as you: your password confirms it is you asking. We mail you a notice."
            />
            {create.isError && !(isApiError(create.error) && create.error.fields) ? (
              <p role="alert" className="text-sm font-medium text-destructive-text">
                {errorMessage(create.error, 'Could not create the key.')}
              </p>
            ) : null}
            <DialogFormFooter submitLabel="Create key" icon={KeyRound} pending={create.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
