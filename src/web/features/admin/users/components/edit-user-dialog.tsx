import { useEffect, useState, type ReactNode } from 'react';
import type { AdminUser } from '@shared/schemas/admin';
import { strongPasswordSchema } from '@shared/schemas/auth';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogHeading } from '@web/components/ui/dialog';
import { FormField, type FieldControlProps } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PasswordInput } from '@web/components/ui/password-input';
import { Separator } from '@web/components/ui/separator';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { afterChange } from '../../shared/admin-queries';
import { UserSecurityActivity } from './user-security-activity';
import { useResetPassword, useToggleAdmin, useToggleNsfw, useUpdateBalance } from '../api/users-api';
import { formatNumber } from '@web/lib/format';

/** A field with the button that applies it at once: this dialog has no Save for the whole form. */
function ApplyField({
  id,
  label,
  hint,
  action,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  action: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <FormField id={id} label={label} hint={hint}>
      {(control) => (
        <div className="flex gap-2">
          {children(control)}
          {action}
        </div>
      )}
    </FormField>
  );
}

type Props = { user: AdminUser | null; currentUserId: string; onOpenChange: (open: boolean) => void };

export function EditUserDialog({ user, currentUserId, onOpenChange }: Props) {
  const [current, setCurrent] = useState<AdminUser | null>(user);
  const [balance, setBalance] = useState('');
  const [password, setPassword] = useState('');
  const updateBalance = useUpdateBalance();
  const toggleAdmin = useToggleAdmin();
  const toggleNsfw = useToggleNsfw();
  const resetPassword = useResetPassword();

  useEffect(() => {
    setCurrent(user);
    setBalance(user ? String(user.tokenBalance) : '');
    setPassword('');
  }, [user]);

  if (!current) return <Dialog open={false} onOpenChange={onOpenChange} />;
  const u = current;
  const isSelf = u.id === currentUserId;

  /** One change: on success the dialog's copy of the user follows and a toast says so. */
  const change = <R,>(
    run: Promise<R>,
    done: (res: R) => { patch?: Partial<AdminUser>; title: string; description: string },
  ) =>
    afterChange(run, (res) => {
      const { patch, title, description } = done(res);
      if (patch) setCurrent({ ...u, ...patch });
      toast({ variant: 'success', title, description });
    });

  function onBalance() {
    const value = Number(balance.trim());
    if (balance.trim() === '' || !Number.isInteger(value) || value < 0) {
      toast({
        variant: 'destructive',
        title: 'Invalid token balance',
        description: 'Please enter a valid number',
      });
      return;
    }
    return change(updateBalance.mutateAsync({ userId: u.id, tokenBalance: value }), (res) => {
      setBalance(String(res.newBalance));
      return {
        patch: { tokenBalance: res.newBalance },
        title: 'Balance updated',
        description: `${u.username} now has ${formatNumber(res.newBalance)} tokens.`,
      };
    });
  }

  const onAdmin = (isAdmin: boolean) =>
    change(toggleAdmin.mutateAsync({ userId: u.id, isAdmin }), () => ({
      patch: { isAdmin },
      title: 'Admin status updated',
      description: `${u.username} is ${isAdmin ? 'now an admin' : 'no longer an admin'}.`,
    }));

  const onNsfw = (enableNSFW: boolean) =>
    change(toggleNsfw.mutateAsync({ userId: u.id, enableNSFW }), () => ({
      patch: { enableNSFW },
      title: 'NSFW access updated',
      description: `NSFW content is ${enableNSFW ? 'enabled' : 'disabled'} for ${u.username}.`,
    }));

  function onPassword() {
    // the user rule (issue 13, point 10): the same schema the server checks
    const checked = strongPasswordSchema.safeParse(password);
    if (!checked.success) {
      toast({
        variant: 'destructive',
        title: 'Invalid password',
        description: checked.error.issues[0]?.message ?? 'Invalid password',
      });
      return;
    }
    return change(resetPassword.mutateAsync({ username: u.username, newPassword: password }), () => {
      setPassword('');
      return {
        title: 'Password reset',
        description: `${u.username}'s password was changed and their sessions were ended.`,
      };
    });
  }

  return (
    <Dialog open={Boolean(user)} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeading
          title="Edit User"
          description={
            <>
              Status:{' '}
              <Badge variant={u.status === 'active' ? 'green' : 'red'}>
                {u.status === 'active' ? 'Active' : 'Suspended'}
              </Badge>
            </>
          }
          descriptionClassName="flex items-center gap-2"
        />
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="edit-username">Username</Label>
              <Input id="edit-username" value={u.username} readOnly disabled />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="edit-email">Email</Label>
              <Input id="edit-email" value={u.email} readOnly disabled />
            </div>
          </div>
          <ApplyField
            id="edit-balance"
            label="Token Balance"
            hint="The difference is recorded in the user's ledger as an admin adjustment."
            action={
              <Button onClick={() => void onBalance()} pending={updateBalance.isPending}>
                Update
              </Button>
            }
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                min={0}
                step={1}
                value={balance}
                onChange={(e) => setBalance(e.target.value)}
              />
            )}
          </ApplyField>
          <Separator />
          <div className="flex items-center justify-between gap-3">
            <div>
              <Label htmlFor="edit-admin">Admin</Label>
              {isSelf ? (
                <p className="text-xs text-muted-foreground">You cannot remove your own admin access.</p>
              ) : null}
            </div>
            <Switch
              id="edit-admin"
              checked={u.isAdmin}
              disabled={isSelf && u.isAdmin}
              busy={toggleAdmin.isPending}
              onCheckedChange={(v) => void onAdmin(v)}
            />
          </div>
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="edit-nsfw" className="flex items-center gap-2">
              NSFW Access <Badge variant="red">18+</Badge>
            </Label>
            <Switch
              id="edit-nsfw"
              checked={u.enableNSFW}
              busy={toggleNsfw.isPending}
              onCheckedChange={(v) => void onNsfw(v)}
            />
          </div>
          <Separator />
          <ApplyField
            id="edit-password"
            label="Reset Password"
            action={
              <Button variant="outline" onClick={() => void onPassword()} pending={resetPassword.isPending}>
                Reset
              </Button>
            }
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder="New password"
              />
            )}
          </ApplyField>
          <Separator />
          <UserSecurityActivity userId={u.id} username={u.username} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
