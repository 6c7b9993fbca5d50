import { CurrentPasswordField } from '@web/components/current-password-field';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { errorMessage, isApiError } from '@web/lib/api';
import { useAppConfig } from '@web/lib/app-config';
import { endSessionLocally } from '@web/lib/session';
import { Button } from '@web/components/ui/button';
import { SectionCard } from '@web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogFormFooter,
  DialogHeading,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { useDeleteAccount } from '../api/account-data-api';

// What goes and what stays, as the deletion job does it (docs/decisions/026-account-deletion.md).
const DELETED = [
  'your training photos, their thumbnails and the face data computed from them',
  'your models and their LoRA weights, here and at the AI vendors that offer a removal',
  'every generated image, your data exports and your avatar',
  'your support tickets and their messages',
  'your sessions, sign-in devices and referral code',
];
// docs/operators/privacy-deletion.md: Runware's API has no call that removes an uploaded model
const RUNWARE_NOTE =
  'Runware, which hosts your model for image generation, offers no way to remove an uploaded model through its API: it stays private to our Runware account until our operators remove it there.';
const KEPT =
  'Your purchases and token history stay for accounting, as the law requires — without your name or e-mail, under an anonymous id.';

/** "Delete my account": the password, a plain account of what goes and what stays, then sign-out. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();
  const client = useQueryClient();
  const navigate = useNavigate();
  const config = useAppConfig();
  const runwareHosted = config.data?.engines?.hosting === 'runware';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('Please enter your password');
      return;
    }
    try {
      await remove.mutateAsync(password);
    } catch (err) {
      const message = errorMessage(err, 'Please try again.');
      setError(isApiError(err) && err.fields?.currentPassword ? err.fields.currentPassword : message);
      return;
    }
    setOpen(false);
    endSessionLocally(client);
    navigate('/', { replace: true });
    toast({
      title: 'Account deleted',
      description: 'Your account is being deleted and you have been signed out. A last e-mail confirms it.',
    });
  };

  return (
    <SectionCard
      title="Delete my account"
      description={<>Deletes your account and everything in it, at once and for good. {KEPT}</>}
      className="border-destructive/40"
      footer={
        <Dialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setPassword('');
              setError(undefined);
            }
          }}
        >
          <DialogTrigger asChild>
            <Button type="button" variant="destructive">
              <Trash2 aria-hidden="true" />
              Delete my account
            </Button>
          </DialogTrigger>
          <DialogContent>
            <form onSubmit={onSubmit} noValidate className="grid gap-4">
              <DialogHeading title="Delete your account?" description="This cannot be undone. We delete:" />
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {DELETED.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="text-sm">
                <strong>Kept, anonymised:</strong> {KEPT} Your username and e-mail become free for anyone to
                register.
              </p>
              {runwareHosted ? <p className="text-sm">{RUNWARE_NOTE}</p> : null}
              <CurrentPasswordField
                id="delete-account-password"
                label="Your password"
                value={password}
                onChange={(value) => {
                  setPassword(value);
                  setError(undefined);
                }}
                error={error}
              />
              <DialogFormFooter
                submitLabel="Delete my account for good"
                icon={Trash2}
                pending={remove.isPending}
                destructive
              />
            </form>
          </DialogContent>
        </Dialog>
      }
    >
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {DELETED.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {runwareHosted ? <p className="mt-3 text-sm text-muted-foreground">{RUNWARE_NOTE}</p> : null}
    </SectionCard>
  );
}
