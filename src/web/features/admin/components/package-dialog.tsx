import { useEffect, useState, type FormEvent } from 'react';
import { tokenPackageInputSchema } from '@shared/schemas/tokens';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, isApiError } from '@web/lib/api';
import { type TokenPackage, useDeletePackage, useSavePackage } from '../api/admin-api';

type Props = { pkg: TokenPackage | null; open: boolean; onOpenChange: (open: boolean) => void };

export function PackageDialog({ pkg, open, onOpenChange }: Props) {
  const [name, setName] = useState('');
  const [tokens, setTokens] = useState('');
  const [price, setPrice] = useState('');
  const [discounted, setDiscounted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePackage();
  const del = useDeletePackage();

  useEffect(() => {
    if (!open) return;
    setName(pkg?.name ?? '');
    setTokens(pkg ? String(pkg.tokenAmount) : '');
    setPrice(pkg ? (pkg.priceInCents / 100).toFixed(2) : '');
    setDiscounted(pkg?.isDiscounted ?? false);
    setErrors({});
  }, [pkg, open]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const dollars = Number(price);
    // the server validates with the same schema (spec part 2 §5 texts)
    const parsed = tokenPackageInputSchema.safeParse({
      name,
      tokenAmount: tokens.trim() === '' ? Number.NaN : Number(tokens),
      // price is typed in dollars and stored in cents, rounded
      priceInCents: price.trim() === '' || !Number.isFinite(dollars) ? Number.NaN : Math.round(dollars * 100),
      isDiscounted: discounted,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      await save.mutateAsync({ ...parsed.data, id: pkg?.id });
      toast({ variant: 'success', title: pkg ? 'Package updated' : 'Package created', description: `${parsed.data.name} has been saved.` });
      onOpenChange(false);
    } catch (err) {
      if (isApiError(err) && err.fields) setErrors(err.fields);
      toast({
        variant: 'destructive',
        title: pkg ? 'Update failed' : 'Error creating package',
        description: errorMessage(err, pkg ? 'Failed to update package' : 'Failed to create package'),
      });
    }
  }

  async function onDelete() {
    if (!pkg) return;
    try {
      await del.mutateAsync(pkg.id);
      toast({ variant: 'success', title: 'Package deleted', description: `${pkg.name} has been deleted.` });
      onOpenChange(false);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Error', description: errorMessage(err, 'Failed to delete package') });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{pkg ? 'Edit Token Package' : 'Create Token Package'}</DialogTitle>
          <DialogDescription>Prices are entered in US dollars.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <FormField id="pkg-name" label="Name" error={errors.name}>
            {(c) => <Input {...c} value={name} onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="pkg-tokens" label="Tokens" error={errors.tokenAmount}>
              {(c) => <Input {...c} type="number" min={1} step={1} value={tokens} onChange={(e) => setTokens(e.target.value)} />}
            </FormField>
            <FormField id="pkg-price" label="Price ($)" error={errors.priceInCents}>
              {(c) => <Input {...c} type="number" min={0.01} step={0.01} value={price} onChange={(e) => setPrice(e.target.value)} />}
            </FormField>
          </div>
          <div className="flex items-center gap-3">
            <Switch id="pkg-discounted" checked={discounted} onCheckedChange={setDiscounted} />
            <Label htmlFor="pkg-discounted">Discounted</Label>
          </div>
          <DialogFooter className="sm:justify-between">
            {pkg ? (
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button type="button" variant="destructive" disabled={del.isPending}>
                    Delete
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Delete {pkg.name}?</AlertDialogTitle>
                    <AlertDialogDescription>Users will no longer be able to buy this package. Past purchases are kept.</AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction destructive onClick={() => void onDelete()}>
                      Delete
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <ButtonSpinner /> : null}
                {pkg ? 'Save Changes' : 'Create Package'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
