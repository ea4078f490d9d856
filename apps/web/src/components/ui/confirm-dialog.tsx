import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  onConfirm: () => void;
  /** The confirmation runs (a request): both buttons wait, the dialog stays open. */
  isPending?: boolean;
  /** Red confirm button, for what cannot be undone (a deletion, a rollback). */
  isDestructive?: boolean;
  children?: ReactNode;
}

/**
 * A question before an action, on the accessible Dialog (focus trap, Escape closes, focus starts on Cancel so
 * that Enter never confirms by accident).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  isPending = false,
  isDestructive = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!isPending) onOpenChange(next);
      }}
      title={title}
      description={description}
      closeLabel={closeLabel}
    >
      {children}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" disabled={isPending} onClick={() => onOpenChange(false)} autoFocus data-testid="confirm-cancel">
          {cancelLabel}
        </Button>
        <Button
          variant={isDestructive ? 'danger' : 'primary'}
          isLoading={isPending}
          onClick={onConfirm}
          data-testid="confirm-accept"
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
