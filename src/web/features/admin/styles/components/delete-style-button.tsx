import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { ButtonSpinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/use-toast';
import { afterChange } from '../../shared/admin-queries';
import { useDeleteStyle } from '../api/styles-api';

/** "Delete Style", asked once more, then back to the Preset Styles tab. */
export function DeleteStyleButton({ id }: { id: string }) {
  const navigate = useNavigate();
  const del = useDeleteStyle();

  const onDelete = () =>
    afterChange(del.mutateAsync(id), (res) => {
      toast({
        variant: 'success',
        title: 'Style deleted',
        description:
          res?.message && res.message !== 'Style deleted'
            ? res.message
            : 'The preset style has been deleted.',
      });
      navigate('/admin?tab=styles');
    });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" disabled={del.isPending}>
          {del.isPending ? <ButtonSpinner /> : <Trash2 aria-hidden="true" />}
          Delete Style
        </Button>
      }
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete the preset style and remove it from our servers."
      confirmLabel="Delete"
      destructive
      onConfirm={() => void onDelete()}
    />
  );
}
