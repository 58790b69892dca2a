import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import './confirm-dialog.css';
import './notice.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, read out as the dialog's description. */
  description: string;
  confirmLabel: string;
  /** The confirm button's label while the action runs. */
  busyLabel: string;
  busy: boolean;
  /** Why the action failed, shown in the dialog, which stays open. */
  error?: string;
  onConfirm(): void;
  onClose(): void;
  children?: ReactNode;
}

/** A destructive action asked about first: Cancel, or the red button that goes ahead. */
export function ConfirmDialog({ open, title, description, confirmLabel, busyLabel, busy, error, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} description={description} onClose={busy ? () => undefined : onClose}>
      {children}
      <p className="notice notice--error" role="alert">
        {error ?? ''}
      </p>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
