import type { ReactNode } from 'react';
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
} from './alert-dialog';

type ConfirmDialogProps = {
  title: ReactNode;
  description: ReactNode;
  /** the confirming button's text */
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** a red confirming button, for what cannot be undone */
  destructive?: boolean;
  cancelLabel?: ReactNode;
  onCancel?: () => void;
  /** the button that opens the dialog; focus goes back to it when the dialog closes */
  trigger?: ReactNode;
  /** controlled instead of a trigger: the caller opens it (and may say where focus goes on closing) */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** more than a sentence of description: shown between the description and the buttons */
  children?: ReactNode;
};

/** Asks before an action: a title, what will happen, Cancel and the confirming button (Radix alert dialog). */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive,
  cancelLabel = 'Cancel',
  onCancel,
  trigger,
  open,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction destructive={destructive} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
