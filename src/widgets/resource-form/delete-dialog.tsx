import { ConfirmDialog } from '../feature-kit/confirm-dialog.js';
import { RESOURCE_TEXTS } from '../shared/texts.js';

interface DeleteDialogProps {
  open: boolean;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** 'Apagar este registo?' as a modal dialog; Cancelar has the focus first. */
export function DeleteDialog({ open, busy, onConfirm, onCancel }: DeleteDialogProps) {
  return (
    <ConfirmDialog open={open} busy={busy} title={RESOURCE_TEXTS.deleteQuestion} confirmLabel={RESOURCE_TEXTS.delete} onConfirm={onConfirm} onCancel={onCancel}>
      {RESOURCE_TEXTS.deleteWarning}
    </ConfirmDialog>
  );
}
