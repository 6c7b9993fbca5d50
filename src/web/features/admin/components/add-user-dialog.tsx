import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { adminCreateUserSchema } from '@shared/schemas/admin';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PasswordInput } from '@web/components/ui/password-input';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { useCreateUser } from '../api/admin-api';

const EMPTY = { username: '', email: '', password: '', tokenBalance: '0', isAdmin: false };

export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateUser();

  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // spec part 2 §5: a non-numeric token balance becomes 0
    const parsedBalance = Number.parseInt(form.tokenBalance, 10);
    const input = { ...form, tokenBalance: Number.isFinite(parsedBalance) ? parsedBalance : 0 };
    const parsed = adminCreateUserSchema.safeParse(input);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '_');
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const { user } = await create.mutateAsync(parsed.data);
      toast({ variant: 'success', title: 'User created', description: `${user.username} can now sign in.` });
      setForm(EMPTY);
      setOpen(false);
    } catch (err) {
      if (isApiError(err) && err.fields) setErrors(err.fields);
      toast({ variant: 'destructive', title: 'Error creating user', description: errorMessage(err, 'Something went wrong. Please try again.') });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        if (!v) setErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add User</DialogTitle>
          <DialogDescription>Create an account. The user can sign in with this username and password.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="new-username" label="Username" error={errors.username}>
            {(c) => <Input {...c} autoComplete="off" value={form.username} onChange={(e) => set({ username: e.target.value })} />}
          </FormField>
          <FormField id="new-email" label="Email" error={errors.email}>
            {(c) => <Input {...c} type="email" autoComplete="off" value={form.email} onChange={(e) => set({ email: e.target.value })} />}
          </FormField>
          <FormField id="new-password" label="Password" error={errors.password}>
            {(c) => <PasswordInput {...c} autoComplete="new-password" value={form.password} onChange={(e) => set({ password: e.target.value })} />}
          </FormField>
          <FormField id="new-tokens" label="Token Balance" error={errors.tokenBalance}>
            {(c) => <Input {...c} type="number" min={0} step={1} value={form.tokenBalance} onChange={(e) => set({ tokenBalance: e.target.value })} />}
          </FormField>
          <div className="flex items-center gap-3">
            <Switch id="new-admin" checked={form.isAdmin} onCheckedChange={(v) => set({ isAdmin: v })} />
            <Label htmlFor="new-admin">Admin</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <ButtonSpinner /> : null}
              Create User
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
