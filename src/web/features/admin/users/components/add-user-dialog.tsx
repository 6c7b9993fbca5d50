import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { adminCreateUserSchema } from '@shared/schemas/admin';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogFormFooter,
  DialogHeading,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PasswordInput } from '@web/components/ui/password-input';
import { SwitchField } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from '@web/lib/api';
import { useCreateUser } from '../api/users-api';

type AddUserForm = {
  username: string;
  email: string;
  password: string;
  tokenBalance: string;
  isAdmin: boolean;
};
type AddUserInput = z.output<typeof adminCreateUserSchema>;

const EMPTY: AddUserForm = { username: '', email: '', password: '', tokenBalance: '0', isAdmin: false };

// The server validates with the same schema; docs/product/spec-part-2.md §5: a non-numeric token balance becomes 0.
const addUserResolver: Resolver<AddUserForm, unknown, AddUserInput> = (values) => {
  const parsedBalance = Number.parseInt(values.tokenBalance, 10);
  const parsed = adminCreateUserSchema.safeParse({
    ...values,
    tokenBalance: Number.isFinite(parsedBalance) ? parsedBalance : 0,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<AddUserForm> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0]) as keyof AddUserForm;
    errors[key] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

export function AddUserDialog() {
  const [open, setOpen] = useState(false);
  const form = useForm<AddUserForm, unknown, AddUserInput>({
    resolver: addUserResolver,
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const create = useCreateUser();

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { user } = await create.mutateAsync(input);
      toast({ variant: 'success', title: 'User created', description: `${user.username} can now sign in.` });
      form.reset(EMPTY);
      setOpen(false);
    } catch (err) {
      // other failures are told by the error policy (meta on useCreateUser)
      if (isApiError(err) && err.fields) {
        for (const [key, message] of Object.entries(err.fields))
          form.setError(key as keyof AddUserForm, { type: 'server', message });
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(v) => {
        setOpen(v);
        // what was typed stays for the next opening; the messages do not
        if (!v) form.clearErrors();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          Add User
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title="Add User"
          description="Create an account. The user can sign in with this username and password."
        />
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="new-username" label="Username" error={errors.username?.message}>
            {(c) => <Input {...c} autoComplete="off" {...form.register('username')} />}
          </FormField>
          <FormField id="new-email" label="Email" error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="off" {...form.register('email')} />}
          </FormField>
          <FormField id="new-password" label="Password" error={errors.password?.message}>
            {(c) => <PasswordInput {...c} autoComplete="new-password" {...form.register('password')} />}
          </FormField>
          <FormField id="new-tokens" label="Token Balance" error={errors.tokenBalance?.message}>
            {(c) => <Input {...c} type="number" min={0} step={1} {...form.register('tokenBalance')} />}
          </FormField>
          <Controller
            control={form.control}
            name="isAdmin"
            render={({ field }) => (
              <SwitchField
                id="new-admin"
                label="Admin"
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <DialogFormFooter submitLabel="Create User" pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
