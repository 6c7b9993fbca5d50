import { useEffect } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { tokenPackageInputSchema, type TokenPackageInput } from '@shared/schemas/tokens';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogHeading, DialogFooter } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { SwitchField } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { isApiError } from '@web/lib/api';
import { afterChange } from '../../shared/admin-queries';
import { type TokenPackage, useDeletePackage, useSavePackage } from '../api/packages-api';

type Props = { pkg: TokenPackage | null; open: boolean; onOpenChange: (open: boolean) => void };

/** What the person types: whole tokens and a price in dollars, both as the inputs' text. */
type PackageForm = { name: string; tokenAmount: string; price: string; isDiscounted: boolean };

function formValues(pkg: TokenPackage | null): PackageForm {
  return {
    name: pkg?.name ?? '',
    tokenAmount: pkg ? String(pkg.tokenAmount) : '',
    // the input's own text, which `Number()` reads back: not a display format, so not localised
    price: pkg ? (pkg.priceInCents / 100).toFixed(2) : '',
    isDiscounted: pkg?.isDiscounted ?? false,
  };
}

/** The schema's field name → the input that shows its message (the price is typed in dollars). */
const fieldOf = (key: string): keyof PackageForm =>
  key === 'priceInCents' ? 'price' : (key as keyof PackageForm);

// The server validates with the same schema (docs/product/spec-part-2.md §5 texts); the price is typed in dollars
// and stored in cents, rounded.
const packageResolver: Resolver<PackageForm, unknown, TokenPackageInput> = (values) => {
  const dollars = Number(values.price);
  const parsed = tokenPackageInputSchema.safeParse({
    name: values.name,
    tokenAmount: values.tokenAmount.trim() === '' ? Number.NaN : Number(values.tokenAmount),
    priceInCents:
      values.price.trim() === '' || !Number.isFinite(dollars) ? Number.NaN : Math.round(dollars * 100),
    isDiscounted: values.isDiscounted,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors<PackageForm> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(String(issue.path[0]));
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

export function PackageDialog({ pkg, open, onOpenChange }: Props) {
  const form = useForm<PackageForm, unknown, TokenPackageInput>({
    resolver: packageResolver,
    defaultValues: formValues(pkg),
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const save = useSavePackage(!pkg);
  const del = useDeletePackage();

  const { reset } = form;
  useEffect(() => {
    if (open) reset(formValues(pkg));
  }, [pkg, open, reset]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ ...input, id: pkg?.id });
      toast({
        variant: 'success',
        title: pkg ? 'Package updated' : 'Package created',
        description: `${input.name} has been saved.`,
      });
      onOpenChange(false);
    } catch (err) {
      // other failures are told by the error policy (meta on useSavePackage)
      if (isApiError(err) && err.fields) {
        for (const [key, message] of Object.entries(err.fields))
          form.setError(fieldOf(key), { type: 'server', message });
      }
    }
  });

  async function onDelete() {
    if (!pkg) return;
    await afterChange(del.mutateAsync(pkg.id), () => {
      toast({ variant: 'success', title: 'Package deleted', description: `${pkg.name} has been deleted.` });
      onOpenChange(false);
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeading
          title={pkg ? 'Edit Token Package' : 'Create Token Package'}
          description="Prices are entered in US dollars."
        />
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="pkg-name" label="Name" error={errors.name?.message}>
            {(c) => <Input {...c} {...form.register('name')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="pkg-tokens" label="Tokens" error={errors.tokenAmount?.message}>
              {(c) => <Input {...c} type="number" min={1} step={1} {...form.register('tokenAmount')} />}
            </FormField>
            <FormField id="pkg-price" label="Price ($)" error={errors.price?.message}>
              {(c) => <Input {...c} type="number" min={0.01} step={0.01} {...form.register('price')} />}
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="isDiscounted"
            render={({ field }) => (
              <SwitchField
                id="pkg-discounted"
                label="Discounted"
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <DialogFooter className="sm:justify-between">
            {/* a deleted package is already off sale: nothing to delete again */}
            {pkg?.isActive ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="destructive" disabled={del.isPending}>
                    Delete
                  </Button>
                }
                title={`Delete ${pkg.name}?`}
                description="Users will no longer be able to buy this package. Past purchases are kept."
                confirmLabel="Delete"
                destructive
                onConfirm={() => void onDelete()}
              />
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={save.isPending}>
                {pkg ? 'Save Changes' : 'Create Package'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
