import { ConfirmDialog } from '@web/components/ui/alert-dialog';

/** Asks before a stored image is deleted. */
export function DeleteImageDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Image"
      description="This image will be removed from your gallery. This cannot be undone."
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
    />
  );
}
